import { splitText } from "../split-text";

/** TikTok's documented limits, and Jai's own where TikTok documents none. */
export const tiktokLimits = {
  /** A text message, in characters (UTF-16 code units, as ChatbotX counts them). */
  textChars: 6_000,
  /** A message is text alone or exactly one image (Chatwoot PR #12741). */
  imagesPerMessage: 1,
  /**
   * The business may reply for this long after the customer's last message, and never writes
   * first (Chatwoot `message_window_service.rb`).
   */
  replyWindowHours: 48,
  /** Largest image read from, or uploaded to, TikTok: Jai's own (the engine's) image limit. */
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

/**
 * A reply as TikTok text messages: cut at paragraph, sentence or word boundaries (Thai words
 * from `Intl.Segmenter`) under 6,000 characters. TikTok has no quick replies for direct
 * messages sent this way: FAQ suggestions are not offered on TikTok.
 */
export function formatTiktokMessages(text: string): string[] {
  return splitText(text, tiktokLimits.textChars);
}
