/**
 * What the bot says on TikTok when the model has nothing to say: in the contact's language (Thai
 * or English), with the project's terms (แชทบอท). Persona replies come from the engine. What the
 * console shows about a message that could not be sent is in tiktok-sender.ts (for the team, in
 * English like the rest of the delivery log).
 */
export type TiktokTextLanguage = "th" | "en";

export const tiktokTexts = {
  /** A photo too large, gone from TikTok, or in a format the bot cannot read. */
  imageUnreadable(language: TiktokTextLanguage): string {
    return language === "th"
      ? "ขอโทษนะ แชทบอทเปิดรูปนี้ไม่ได้ (รองรับ PNG, JPEG, WebP และ GIF ขนาดไม่เกิน 5 MB) ช่วยส่งรูปใหม่หรือพิมพ์เป็นข้อความได้ไหม"
      : "Sorry, the chatbot could not open this photo (PNG, JPEG, WebP or GIF up to 5 MB). Could you send another one, or type your question?";
  },
};

/** "th" or "en" from a stored or detected language ("th-TH" → "th"). */
export function tiktokTextLanguage(language: string | null | undefined): TiktokTextLanguage {
  return language?.toLowerCase().startsWith("th") ? "th" : "en";
}
