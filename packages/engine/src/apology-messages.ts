import type { ReplyLanguage } from "./text/detect-language";

/**
 * What a failed turn stores and shows as the bot's reply: the seed's apology (error catalogue,
 * section 8) and its Thai twin, plus the persona languages the engine also speaks.
 */
export const apologyMessages: Record<ReplyLanguage, string> = {
  en: "Sorry, I'm having trouble responding right now. Please try again later.",
  th: "ขออภัย ขณะนี้ไม่สามารถตอบกลับได้ กรุณาลองใหม่อีกครั้งภายหลัง",
  es: "Lo siento, ahora mismo tengo problemas para responder. Inténtalo de nuevo más tarde.",
  fr: "Désolé, j'ai du mal à répondre pour le moment. Veuillez réessayer plus tard.",
  de: "Entschuldigung, ich kann gerade nicht antworten. Bitte versuche es später noch einmal.",
};
