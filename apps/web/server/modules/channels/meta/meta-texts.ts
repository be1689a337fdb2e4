/**
 * What the bot says on Messenger and Instagram when the model has nothing to say: in the
 * contact's language (Thai or English), with the project's terms (แชทบอท). Persona replies come
 * from the engine. What the console shows about a message that could not be sent is in
 * meta-sender.ts (for the team, in English like the rest of the delivery log).
 */
export type MetaTextLanguage = "th" | "en";

const fileKinds = {
  th: { video: "วิดีโอ", audio: "ข้อความเสียง", file: "ไฟล์" },
  en: { video: "video", audio: "voice message", file: "file" },
} as const;

export const metaTexts = {
  /** A video, voice message or file arrived: kept for the owner, but the bot cannot read it. */
  fileReceived(language: MetaTextLanguage, kind: "video" | "audio" | "file"): string {
    return language === "th"
      ? `ได้รับ${fileKinds.th[kind]}แล้ว ขอบคุณนะ ตอนนี้แชทบอทอ่านได้เฉพาะข้อความและรูปภาพ ช่วยพิมพ์สิ่งที่อยากบอกเป็นข้อความได้ไหม`
      : `Thanks, your ${fileKinds.en[kind]} arrived. For now the chatbot can only read text and photos: could you type what you would like to say?`;
  },
  /** A photo too large, gone, or in a format the bot cannot read. */
  imageUnreadable(language: MetaTextLanguage): string {
    return language === "th"
      ? "ขอโทษนะ แชทบอทเปิดรูปนี้ไม่ได้ (รองรับ PNG, JPEG, WebP และ GIF ขนาดไม่เกิน 5 MB) ช่วยส่งรูปใหม่หรือพิมพ์เป็นข้อความได้ไหม"
      : "Sorry, the chatbot could not open this photo (PNG, JPEG, WebP or GIF up to 5 MB). Could you send another one, or type your question?";
  },
  /** "Get Started" tapped, and the persona has no welcome message. */
  defaultWelcome(language: MetaTextLanguage, botName: string): string {
    return language === "th"
      ? `สวัสดี ยินดีต้อนรับสู่ ${botName} พิมพ์คำถามมาได้เลย`
      : `Hello, welcome to ${botName}! Type your question any time.`;
  },
};

/** "th" or "en" from a stored or detected language ("th-TH" → "th"). */
export function metaTextLanguage(language: string | null | undefined): MetaTextLanguage {
  return language?.toLowerCase().startsWith("th") ? "th" : "en";
}
