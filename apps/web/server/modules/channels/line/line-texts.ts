/**
 * What the bot says on LINE when the model has nothing to say: in the contact's language (Thai
 * or English), with the project's terms (แชทบอท). Persona replies come from the engine.
 */
export type LineTextLanguage = "th" | "en";

const fileKinds = {
  th: { video: "วิดีโอ", audio: "ข้อความเสียง", file: "ไฟล์" },
  en: { video: "video", audio: "voice message", file: "file" },
} as const;

export const lineTexts = {
  /** A video, voice message or file arrived: kept for the owner, but the bot cannot read it. */
  fileReceived(language: LineTextLanguage, kind: "video" | "audio" | "file"): string {
    return language === "th"
      ? `ได้รับ${fileKinds.th[kind]}แล้ว ขอบคุณนะ ตอนนี้แชทบอทอ่านได้เฉพาะข้อความ รูปภาพ และตำแหน่งที่แชร์ ช่วยพิมพ์สิ่งที่อยากบอกเป็นข้อความได้ไหม`
      : `Thanks, your ${fileKinds.en[kind]} arrived. For now the chatbot can only read text, photos and shared locations: could you type what you would like to say?`;
  },
  /** A photo too large or in a format the bot cannot read. */
  imageUnreadable(language: LineTextLanguage): string {
    return language === "th"
      ? "ขอโทษนะ แชทบอทเปิดรูปนี้ไม่ได้ (รองรับ PNG, JPEG, WebP และ GIF ขนาดไม่เกิน 5 MB) ช่วยส่งรูปใหม่หรือพิมพ์เป็นข้อความได้ไหม"
      : "Sorry, the chatbot could not open this photo (PNG, JPEG, WebP or GIF up to 5 MB). Could you send another one, or type your question?";
  },
  /** Follow with no welcome message in the persona. */
  defaultWelcome(language: LineTextLanguage, botName: string): string {
    return language === "th"
      ? `สวัสดี ยินดีต้อนรับสู่ ${botName} พิมพ์คำถามมาได้เลย`
      : `Hello, welcome to ${botName}! Type your question any time.`;
  },
};

/** "th" or "en" from a stored or detected language ("th-TH" → "th"). */
export function lineTextLanguage(language: string | null | undefined): LineTextLanguage {
  return language?.toLowerCase().startsWith("th") ? "th" : "en";
}
