import { personaLanguageNames, personaToneNames } from "~/i18n/persona-labels";
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
  tones: personaToneNames.en,
  languages: personaLanguageNames.en,
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
  tones: personaToneNames.th,
  languages: personaLanguageNames.th,
  errors: {
    png: "ไม่สามารถสร้างรูปภาพได้ กรุณาลองใหม่อีกครั้ง",
    pdf: "ไม่สามารถสร้างไฟล์ PDF ได้ กรุณาลองใหม่อีกครั้ง",
  },
};

export const cardExportMessages: Bilingual<typeof en> = { en, th };
