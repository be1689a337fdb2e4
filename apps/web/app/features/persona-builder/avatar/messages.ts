import type { Bilingual } from "~/i18n/use-locale";

export const en = {
  label: "Avatar",
  emojiGroup: "Choose an emoji avatar",
  emojiNames: {
    "🤖": "Robot",
    "😊": "Smiling face",
    "👩‍💼": "Woman office worker",
    "👨‍💼": "Man office worker",
    "🧑‍🏫": "Teacher",
    "💡": "Light bulb",
    "🌟": "Glowing star",
    "🦊": "Fox",
  } as Record<string, string>,
  upload: "Upload image",
  replace: "Replace image",
  uploading: "Uploading…",
  remove: "Remove image",
  hint: "PNG, JPEG or WebP, up to 5 MB. It is cropped to a square.",
  uploadedAlt: (name: string) => (name ? `${name}'s avatar` : "Custom avatar"),
  uploaded: "Image uploaded.",
  errors: {
    type: "This file is not a PNG, JPEG or WebP image. Please choose another file.",
    tooLarge: "This image is larger than 5 MB. Please choose a smaller one.",
    tooManyPixels: "This image has too many pixels (more than 40 megapixels). Please resize it.",
    corrupt: "This image could not be read. It may be damaged; please choose another file.",
    rateLimited: "Too many uploads. Please try again later.",
    failed: "The image could not be uploaded. Please try again.",
  },
};

export const th: typeof en = {
  label: "รูปประจำตัว",
  emojiGroup: "เลือกอีโมจิเป็นรูปประจำตัว",
  emojiNames: {
    "🤖": "หุ่นยนต์",
    "😊": "หน้ายิ้ม",
    "👩‍💼": "พนักงานออฟฟิศหญิง",
    "👨‍💼": "พนักงานออฟฟิศชาย",
    "🧑‍🏫": "ครู",
    "💡": "หลอดไฟ",
    "🌟": "ดาวส่องแสง",
    "🦊": "สุนัขจิ้งจอก",
  },
  upload: "อัปโหลดรูปภาพ",
  replace: "เปลี่ยนรูปภาพ",
  uploading: "กำลังอัปโหลด…",
  remove: "ลบรูปภาพ",
  hint: "ไฟล์ PNG, JPEG หรือ WebP ขนาดไม่เกิน 5 เมกะไบต์ ระบบจะครอปเป็นสี่เหลี่ยมจัตุรัส",
  uploadedAlt: (name: string) => (name ? `รูปประจำตัวของ ${name}` : "รูปประจำตัวที่อัปโหลด"),
  uploaded: "อัปโหลดรูปภาพแล้ว",
  errors: {
    type: "ไฟล์นี้ไม่ใช่รูปภาพ PNG, JPEG หรือ WebP กรุณาเลือกไฟล์อื่น",
    tooLarge: "รูปภาพนี้มีขนาดเกิน 5 เมกะไบต์ กรุณาเลือกรูปที่เล็กกว่านี้",
    tooManyPixels: "รูปภาพนี้มีจำนวนพิกเซลมากเกินไป (เกิน 40 ล้านพิกเซล) กรุณาย่อขนาดก่อน",
    corrupt: "ไม่สามารถอ่านรูปภาพนี้ได้ ไฟล์อาจเสียหาย กรุณาเลือกไฟล์อื่น",
    rateLimited: "อัปโหลดบ่อยเกินไป กรุณาลองใหม่ภายหลัง",
    failed: "อัปโหลดรูปภาพไม่สำเร็จ กรุณาลองใหม่อีกครั้ง",
  },
};

export const avatarMessages: Bilingual<typeof en> = { en, th };
export type AvatarErrorKey = keyof typeof en.errors;
