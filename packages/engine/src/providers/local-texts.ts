import type { PersonaGender, PersonaTone } from "../persona";
import type { ReplyLanguage } from "../text/detect-language";

/**
 * The local provider's own words, per reply language. `{p}` is the Thai polite particle the
 * persona's gender calls for (ครับ, ค่ะ; nothing when it prefers not to say). Tone-specific
 * greetings and openers exist in English and Thai, the site's languages; the others use their
 * default greeting and no opener.
 */
type LocalTexts = {
  greetings: Partial<Record<PersonaTone, string>> & { default: string };
  openers: Partial<Record<PersonaTone, readonly string[]>>;
  /** The honest "I don't know" when nothing matches and there is no default reply. */
  unknown: string;
  /** An image came: the local provider cannot look at it. */
  image: string;
  /** An image came with no text. */
  imageOnly: string;
  thanks: string;
  goodbye: string;
  /** Before an answer whose words are in the other language (Thai ↔ English). */
  otherLanguage: string;
  /** After a greeting, when the persona has no introduction. */
  offerHelp: string;
};

export const localTexts: Record<ReplyLanguage, LocalTexts> = {
  en: {
    greetings: {
      default: "Hello!",
      friendly: "Hi there!",
      formal: "Good day.",
      fun: "Hey hey!",
      professional: "Hello.",
      empathetic: "Hi, thank you for reaching out.",
      casual: "Hey!",
      authoritative: "Hello.",
      supportive: "Hi! I'm glad you're here.",
    },
    openers: {
      friendly: ["Sure!", "Happy to help!"],
      formal: ["Certainly."],
      fun: ["Ooh, good one!", "Great question!"],
      professional: ["Of course."],
      empathetic: ["Good question."],
      casual: ["Sure thing!", "Okay!"],
      supportive: ["Happy to help!", "Great question!"],
    },
    unknown: "I don't know that yet.",
    image: "I received your image, but I can't read images yet.",
    imageOnly: "Could you tell me in words what you need?",
    thanks: "You're welcome!",
    goodbye: "Goodbye, and thanks for chatting!",
    otherLanguage: "Here is what our information says (it is written in Thai):",
    offerHelp: "How can I help you today?",
  },
  th: {
    greetings: {
      default: "สวัสดี{p}",
      friendly: "สวัสดี{p}!",
      formal: "สวัสดี{p}",
      fun: "หวัดดี{p}!",
      professional: "สวัสดี{p}",
      empathetic: "สวัสดี{p} ขอบคุณที่ติดต่อมา",
      casual: "หวัดดี!",
      authoritative: "สวัสดี{p}",
      supportive: "สวัสดี{p} ยินดีช่วยเหลือเสมอ",
    },
    openers: {
      friendly: ["ได้เลย{p}!"],
      formal: ["ยินดี{p}"],
      fun: ["คำถามดีมาก{p}!"],
      professional: ["ได้{p}"],
      casual: ["ได้เลย!"],
      supportive: ["ยินดีช่วยเหลือ{p}"],
    },
    unknown: "ขออภัย{p} ตอนนี้ยังไม่ทราบเรื่องนี้",
    image: "ได้รับรูปภาพแล้ว{p} แต่ตอนนี้ยังอ่านรูปภาพไม่ได้",
    imageOnly: "ช่วยพิมพ์บอกเป็นข้อความได้ไหม{q}",
    thanks: "ยินดี{p}!",
    goodbye: "ขอบคุณที่แวะมาคุยกัน{p} แล้วพบกันใหม่{p}",
    otherLanguage: "ข้อมูลที่มีเขียนไว้เป็นภาษาอังกฤษ{p}:",
    offerHelp: "มีอะไรให้ช่วยไหม{q}",
  },
  es: {
    greetings: { default: "¡Hola!" },
    openers: {},
    unknown: "Todavía no lo sé.",
    image: "Recibí tu imagen, pero todavía no puedo leer imágenes.",
    imageOnly: "¿Podrías decirme con palabras qué necesitas?",
    thanks: "¡De nada!",
    goodbye: "¡Hasta luego!",
    otherLanguage: "",
    offerHelp: "¿En qué puedo ayudarte hoy?",
  },
  fr: {
    greetings: { default: "Bonjour !" },
    openers: {},
    unknown: "Je ne le sais pas encore.",
    image: "J'ai bien reçu votre image, mais je ne peux pas encore lire les images.",
    imageOnly: "Pouvez-vous me dire en mots ce dont vous avez besoin ?",
    thanks: "Avec plaisir !",
    goodbye: "Au revoir !",
    otherLanguage: "",
    offerHelp: "Comment puis-je vous aider aujourd'hui ?",
  },
  de: {
    greetings: { default: "Hallo!" },
    openers: {},
    unknown: "Das weiß ich noch nicht.",
    image: "Ich habe dein Bild erhalten, kann aber noch keine Bilder lesen.",
    imageOnly: "Kannst du mir in Worten sagen, was du brauchst?",
    thanks: "Gern geschehen!",
    goodbye: "Auf Wiedersehen!",
    otherLanguage: "",
    offerHelp: "Wie kann ich dir heute helfen?",
  },
};

/** Fills in the Thai particles: `{p}` ends a statement, `{q}` a question (ค่ะ / คะ). */
export function withParticles(text: string, gender: PersonaGender): string {
  const statement = gender === "male" ? "ครับ" : gender === "female" ? "ค่ะ" : "";
  const question = gender === "male" ? "ครับ" : gender === "female" ? "คะ" : "";
  return text.replaceAll("{p}", statement).replaceAll("{q}", question);
}
