/**
 * The bot chat page's texts. The page exists in English only (/bot/{id} has no Thai twin); the
 * seed's wording (sections 2 and 8) is kept exactly where it gives one.
 */
export const botChatMessages = {
  meta: {
    title: "Chat",
    description: "Chat with a bot.",
  },
  loading: "Loading bot...",
  title: (botName: string) => `Chat with ${botName}`,
  documentTitle: (botName: string, brand: string) => `Chat with ${botName} | ${brand}`,
  placeholder: (botName: string) => `Type a message to ${botName}...`,
  defaultGreeting: "Hello! How can I help you today?",
  mapShared: "Map location shared",
  imageShared: "Image shared",
  sharedImageAlt: "Image you shared",
  typing: (botName: string) => `${botName} is typing`,
  you: "You",
  messagesLabel: (botName: string) => `Conversation with ${botName}`,
  messageLabel: "Message",
  attachImage: "Attach an image",
  removeImage: "Remove image",
  imagePreviewAlt: "Image to send",
  send: "Send message",
  composerHint: "Enter to send, Shift+Enter for a new line",
  characters: (count: string, max: string) => `${count} / ${max} characters`,
  stopped: "Reply stopped.",
  /** A reply the server cut short when it restarted (a deploy): the part shown is stored. */
  stoppedByRestart:
    "The server restarted before this reply was finished. Please send your message again.",
  errors: {
    loadFailed: "Failed to load bot",
    notFound: "This bot does not exist or is not available right now.",
    unreachable: "The bot could not be reached. Check your connection and try again.",
    retry: "Try again",
    backHome: "Back to Home",
    notLoaded: "Bot not loaded",
    replyFailed: "Failed to get response from bot",
    /** The in-chat bot message of a failed reply (seed section 8). */
    apology: "Sorry, I'm having trouble responding right now. Please try again later.",
    notAnImage: { title: "Not an image", description: "Only image files can be attached." },
    unsupportedImage: {
      title: "Unsupported image",
      description: "Attach a PNG, JPEG, WebP or GIF image.",
    },
    imageTooLarge: { title: "Image too large", description: "Images must be 5 MB or smaller." },
    imageUnreadable: { title: "Image not attached", description: "The file could not be read." },
  },
} as const;
