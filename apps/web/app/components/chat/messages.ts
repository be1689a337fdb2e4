/**
 * The chat's texts, in the bot's language: the hosted page /bot/{id} and the website widget
 * speak to a bot's customers, so their chrome follows the bot (its persona's language, or for
 * `auto` the visitor's browser), not the site's. The seed's English wording (sections 2 and 8)
 * is kept exactly where it gives one.
 */
const en = {
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
  poweredBy: (brand: string) => `Powered by ${brand}`,
  close: "Close chat",
  /** The bot handed the conversation to a person and stays silent until they reply. */
  teamWillReply: "A team member will reply here.",
  /** Who wrote a teammate's reply whose name is not known. */
  teamMember: "Team member",
  feedback: {
    group: "Was this reply helpful?",
    up: "Helpful",
    down: "Not helpful",
    reasonLabel: "What was wrong? (optional)",
    reasonPlaceholder: "For example: the answer was wrong or out of date",
    send: "Send",
    skip: "Skip",
    thanks: "Thanks for your feedback.",
    failed: "Your feedback was not saved. Please try again.",
  },
  /** The satisfaction question (CSAT), asked when the conversation is over. */
  csat: {
    title: "How satisfied are you with this conversation?",
    hint: "1 = very unhappy, 5 = very happy",
    scores: ["Very unhappy", "Unhappy", "Neutral", "Happy", "Very happy"],
    score: (score: string, words: string) => `${score} – ${words}`,
    thanks: (score: number) => `Thank you for your rating (${score}/5)!`,
    failed: "Your rating was not saved. Please try again.",
  },
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
    tooMany: "You are sending messages too quickly. Please wait a moment.",
  },
};

export type BotChatMessages = typeof en;

const th: BotChatMessages = {
  meta: {
    title: "แชท",
    description: "แชทกับแชทบอท",
  },
  loading: "กำลังโหลดแชทบอท...",
  title: (botName) => `แชทกับ ${botName}`,
  documentTitle: (botName, brand) => `แชทกับ ${botName} | ${brand}`,
  placeholder: (botName) => `พิมพ์ข้อความถึง ${botName}...`,
  defaultGreeting: "สวัสดีค่ะ มีอะไรให้ช่วยไหมคะ",
  mapShared: "แชร์ตำแหน่งบนแผนที่แล้ว",
  imageShared: "แชร์รูปภาพแล้ว",
  sharedImageAlt: "รูปภาพที่คุณแชร์",
  typing: (botName) => `${botName} กำลังพิมพ์`,
  you: "คุณ",
  messagesLabel: (botName) => `บทสนทนากับ ${botName}`,
  messageLabel: "ข้อความ",
  attachImage: "แนบรูปภาพ",
  removeImage: "นำรูปภาพออก",
  imagePreviewAlt: "รูปภาพที่จะส่ง",
  send: "ส่งข้อความ",
  composerHint: "กด Enter เพื่อส่ง กด Shift+Enter เพื่อขึ้นบรรทัดใหม่",
  characters: (count, max) => `${count} / ${max} ตัวอักษร`,
  stopped: "หยุดการตอบแล้ว",
  stoppedByRestart: "เซิร์ฟเวอร์เริ่มทำงานใหม่ก่อนตอบเสร็จ กรุณาส่งข้อความอีกครั้ง",
  poweredBy: (brand) => `ขับเคลื่อนโดย ${brand}`,
  close: "ปิดแชท",
  teamWillReply: "เจ้าหน้าที่จะตอบกลับในแชทนี้",
  teamMember: "เจ้าหน้าที่",
  feedback: {
    group: "คำตอบนี้มีประโยชน์ไหม",
    up: "ถูกใจ",
    down: "ไม่ถูกใจ",
    reasonLabel: "คำตอบนี้ไม่ดีตรงไหน (ไม่บังคับ)",
    reasonPlaceholder: "เช่น คำตอบไม่ถูกต้อง หรือข้อมูลไม่เป็นปัจจุบัน",
    send: "ส่ง",
    skip: "ข้าม",
    thanks: "ขอบคุณสำหรับความคิดเห็น",
    failed: "บันทึกความคิดเห็นไม่สำเร็จ กรุณาลองอีกครั้ง",
  },
  csat: {
    title: "คุณพึงพอใจกับบทสนทนานี้แค่ไหน",
    hint: "1 = ไม่พอใจมาก, 5 = พอใจมาก",
    scores: ["ไม่พอใจมาก", "ไม่พอใจ", "เฉยๆ", "พอใจ", "พอใจมาก"],
    score: (score, words) => `คะแนน ${score} – ${words}`,
    thanks: (score) => `ขอบคุณที่ให้คะแนนความพึงพอใจ ${score}/5`,
    failed: "บันทึกคะแนนไม่สำเร็จ กรุณาลองอีกครั้ง",
  },
  errors: {
    loadFailed: "โหลดแชทบอทไม่สำเร็จ",
    notFound: "ไม่พบแชทบอทนี้ หรือแชทบอทไม่พร้อมให้บริการในขณะนี้",
    unreachable: "ติดต่อแชทบอทไม่ได้ ตรวจสอบการเชื่อมต่อแล้วลองใหม่อีกครั้ง",
    retry: "ลองใหม่",
    backHome: "กลับหน้าแรก",
    notLoaded: "ยังโหลดแชทบอทไม่เสร็จ",
    replyFailed: "แชทบอทตอบกลับไม่สำเร็จ",
    apology: "ขออภัย ขณะนี้ไม่สามารถตอบกลับได้ กรุณาลองใหม่อีกครั้งภายหลัง",
    notAnImage: { title: "ไม่ใช่รูปภาพ", description: "แนบได้เฉพาะไฟล์รูปภาพ" },
    unsupportedImage: {
      title: "ไม่รองรับรูปภาพนี้",
      description: "แนบรูปภาพ PNG, JPEG, WebP หรือ GIF",
    },
    imageTooLarge: { title: "รูปภาพใหญ่เกินไป", description: "รูปภาพต้องมีขนาดไม่เกิน 5 MB" },
    imageUnreadable: { title: "แนบรูปภาพไม่สำเร็จ", description: "อ่านไฟล์นี้ไม่ได้" },
    tooMany: "คุณส่งข้อความเร็วเกินไป กรุณารอสักครู่",
  },
};

export const botChatMessages = { en, th } as const;
export type ChatLocale = keyof typeof botChatMessages;

/**
 * The chat's language: the persona's (`th`, `en`), or for `auto` the visitor's first preferred
 * language that we speak (Thai for any `th…`, else English).
 */
export function chatLocaleFor(botLanguage: string, acceptLanguage: string | null): ChatLocale {
  if (botLanguage === "th") return "th";
  if (botLanguage !== "auto") return "en";
  const first = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((param) => param.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .find((entry) => entry.tag.startsWith("th") || entry.tag.startsWith("en"));
  return first?.tag.startsWith("th") ? "th" : "en";
}
