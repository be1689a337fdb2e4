import type { PersonaLanguage, PersonaTone } from "@jai/contracts/persona";
import type { Bilingual } from "~/i18n/use-locale";

export const en = {
  title: "Persona card",
  role: "Role",
  tone: "Tone",
  language: "Language",
  bio: "About",
  welcome: "Welcome message",
  faqs: "Frequently asked questions",
  unnamed: "Untitled persona",
  madeWith: (brand: string) => `Made with ${brand}`,
  tones: {
    friendly: "Friendly",
    formal: "Formal",
    fun: "Fun",
    professional: "Professional",
    empathetic: "Empathetic",
    casual: "Casual",
    authoritative: "Authoritative",
    supportive: "Supportive",
  } satisfies Record<PersonaTone, string>,
  languages: {
    english: "English",
    spanish: "Spanish",
    french: "French",
    german: "German",
    thai: "Thai",
    auto: "Auto-detect",
  } satisfies Record<PersonaLanguage, string>,
  errors: {
    png: "The image could not be created. Please try again.",
    pdf: "The PDF could not be created. Please try again.",
  },
};

export const th: typeof en = {
  title: "การ์ดเพอร์โซนา",
  role: "บทบาท",
  tone: "น้ำเสียง",
  language: "ภาษา",
  bio: "เกี่ยวกับ",
  welcome: "ข้อความต้อนรับ",
  faqs: "คำถามที่พบบ่อย",
  unnamed: "เพอร์โซนาที่ยังไม่ตั้งชื่อ",
  madeWith: (brand: string) => `สร้างด้วย ${brand}`,
  tones: {
    friendly: "เป็นมิตร",
    formal: "เป็นทางการ",
    fun: "สนุกสนาน",
    professional: "มืออาชีพ",
    empathetic: "เข้าอกเข้าใจ",
    casual: "สบาย ๆ",
    authoritative: "น่าเชื่อถือ",
    supportive: "ให้กำลังใจ",
  },
  languages: {
    english: "อังกฤษ",
    spanish: "สเปน",
    french: "ฝรั่งเศส",
    german: "เยอรมัน",
    thai: "ไทย",
    auto: "ตรวจจับอัตโนมัติ",
  },
  errors: {
    png: "ไม่สามารถสร้างรูปภาพได้ กรุณาลองใหม่อีกครั้ง",
    pdf: "ไม่สามารถสร้างไฟล์ PDF ได้ กรุณาลองใหม่อีกครั้ง",
  },
};

export const cardExportMessages: Bilingual<typeof en> = { en, th };
