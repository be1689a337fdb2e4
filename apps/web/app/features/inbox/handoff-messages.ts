import { builtInHandoffTexts } from "@jai/contracts/inbox";
import type { Bilingual } from "~/i18n/use-locale";

/**
 * What the customer is told when the owner wrote nothing: the server's built-in texts (one
 * list, in the contracts), without the persona's particle, `{time}` kept.
 */
function builtInText(language: "th" | "en", offHours: boolean): string {
  const texts = builtInHandoffTexts[language];
  return (offHours ? texts.closed : texts.open).replaceAll("{p}", "");
}

const en = {
  title: "Handoff to a person",
  intro:
    "When the bot passes a conversation to your team: it stops answering, the conversation waits in the inbox, and the customer is told someone will reply.",
  onRequest: "When the customer asks for a person",
  onRequestHelp: (examples: string) => `In Thai or English, for example ${examples}.`,
  afterUnanswered: "After the bot could not answer this many times in a row",
  afterUnansweredHelp: (max: number) => `0 to ${max}; 0 means never.`,
  onNegativeFeedback: "When the customer gives negative feedback",
  onNegativeFeedbackHelp:
    "Customers can rate answers once the dashboard arrives; until then this setting waits.",
  keywords: "Keywords",
  keywordsHelp: (max: number, length: number) =>
    `A message containing one of these goes to a person. Separate them with commas or put one per line: at most ${max} keywords of ${length} characters.`,
  keywordsPlaceholder: "refund\nคืนเงิน\ncomplaint",
  keywordCount: (used: number, max: number) => `${used} / ${max} keywords`,
  tooManyKeywords: (max: number) => `Keep it to ${max} keywords.`,
  keywordTooLong: (keyword: string, max: number) =>
    `“${keyword}” is longer than ${max} characters.`,
  message: "What the customer is told",
  messageHelp: "In the customer's language. Leave it empty to use the text shown.",
  offHoursMessage: "Outside business hours",
  offHoursHelp: (token: string) =>
    `${token} becomes when someone will reply, for example “tomorrow at 09:00”. Business hours are set in Settings; without them, the first message is always used.`,
  thai: "Thai",
  english: "English",
  characters: (used: number, max: number) => `${used} / ${max} characters`,
  reopen: "When a resolved conversation gets a new message",
  reopenToBot: "Back to the bot",
  reopenToBotHelp: "The bot answers the customer again.",
  reopenToPerson: "Wait for a person",
  reopenToPersonHelp: "The conversation waits in the inbox and the bot stays silent.",
  quickReply: "Offer a “Talk to staff” button on LINE",
  quickReplyHelp:
    "A quick-reply button under the bot's answers on LINE; tapping it asks for a person.",
  save: "Save",
  saving: "Saving...",
  saved: "Handoff settings saved.",
  fixErrors: "Check the highlighted fields.",
  /** The built-in texts, shown as placeholders: the same in either page language. */
  builtIn: builtInText,
};

/** The bot page's handoff card. */
export const handoffMessages: Bilingual<typeof en> = {
  en,
  th: {
    title: "การส่งต่อให้เจ้าหน้าที่",
    intro:
      "เมื่อบอทส่งต่อบทสนทนาให้ทีมของคุณ บอทจะหยุดตอบ บทสนทนาจะรออยู่ในกล่องข้อความ และลูกค้าจะได้รับแจ้งว่าจะมีเจ้าหน้าที่ตอบกลับ",
    onRequest: "เมื่อลูกค้าขอคุยกับเจ้าหน้าที่",
    onRequestHelp: (examples: string) => `ทั้งภาษาไทยและอังกฤษ เช่น ${examples}`,
    afterUnanswered: "เมื่อบอทตอบไม่ได้ติดต่อกันตามจำนวนครั้งนี้",
    afterUnansweredHelp: (max: number) => `0 ถึง ${max} ครั้ง ใส่ 0 หากไม่ต้องการส่งต่อด้วยเงื่อนไขนี้`,
    onNegativeFeedback: "เมื่อลูกค้าให้ความเห็นเชิงลบ",
    onNegativeFeedbackHelp: "ลูกค้าจะให้คะแนนคำตอบได้เมื่อแดชบอร์ดพร้อมใช้งาน ระหว่างนี้การตั้งค่านี้ยังไม่มีผล",
    keywords: "คำสำคัญ",
    keywordsHelp: (max: number, length: number) =>
      `ข้อความที่มีคำเหล่านี้จะถูกส่งต่อให้เจ้าหน้าที่ คั่นด้วยจุลภาคหรือใส่บรรทัดละคำ ได้สูงสุด ${max} คำ คำละไม่เกิน ${length} ตัวอักษร`,
    keywordsPlaceholder: "คืนเงิน\nร้องเรียน\nสินค้าเสียหาย",
    keywordCount: (used: number, max: number) => `${used} / ${max} คำ`,
    tooManyKeywords: (max: number) => `ใส่ได้ไม่เกิน ${max} คำ`,
    keywordTooLong: (keyword: string, max: number) => `“${keyword}” ยาวเกิน ${max} ตัวอักษร`,
    message: "ข้อความที่แจ้งลูกค้า",
    messageHelp: "ลูกค้าจะได้รับในภาษาของตน เว้นว่างไว้เพื่อใช้ข้อความที่แสดงอยู่",
    offHoursMessage: "นอกเวลาทำการ",
    offHoursHelp: (token: string) =>
      `${token} จะแสดงเป็นเวลาที่เจ้าหน้าที่จะตอบกลับ เช่น “พรุ่งนี้ เวลา 09:00 น.” ตั้งเวลาทำการได้ในหน้าการตั้งค่า หากยังไม่ได้ตั้ง ระบบจะใช้ข้อความแรกเสมอ`,
    thai: "ภาษาไทย",
    english: "ภาษาอังกฤษ",
    characters: (used: number, max: number) => `${used} / ${max} ตัวอักษร`,
    reopen: "เมื่อบทสนทนาที่ปิดเรื่องแล้วมีข้อความใหม่",
    reopenToBot: "ส่งกลับให้บอท",
    reopenToBotHelp: "บอทจะกลับมาตอบลูกค้า",
    reopenToPerson: "รอเจ้าหน้าที่",
    reopenToPersonHelp: "บทสนทนาจะรออยู่ในกล่องข้อความ และบอทจะไม่ตอบ",
    quickReply: "แสดงปุ่ม “คุยกับพนักงาน” บน LINE",
    quickReplyHelp: "ปุ่มตอบกลับด่วนใต้คำตอบของบอทบน LINE เมื่อลูกค้ากด ระบบจะส่งต่อให้เจ้าหน้าที่",
    save: "บันทึก",
    saving: "กำลังบันทึก...",
    saved: "บันทึกการตั้งค่าการส่งต่อแล้ว",
    fixErrors: "ตรวจสอบช่องที่มีข้อผิดพลาด",
    builtIn: builtInText,
  },
};
