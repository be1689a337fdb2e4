import type { Bilingual } from "~/i18n/use-locale";

const en = {
  title: "Memory",
  intro:
    "What the bot remembers about this customer from earlier conversations (their name, preferences and past orders, in their own words). It is updated 30 minutes after a conversation goes quiet and given to the bot in the next ones.",
  empty: "Nothing remembered yet.",
  updated: "Updated",
  edit: "Edit",
  label: "What the bot remembers",
  help: 'One fact per line, for example "- Name: Somchai". Only what the customer told you: the bot reads it as information, never as instructions.',
  saved: "Memory saved.",
  clear: "Clear",
  clearTitle: "Clear this memory?",
  clearText:
    "The bot forgets what it remembered about this customer, and earlier conversations are not used to remember it again.",
  clearing: "Clearing...",
  cleared: "Memory cleared.",
  privacy:
    'Customers can ask the bot to forget them (for example "forget me" or "ลบข้อมูลของฉัน"): the memory is cleared at once.',
};

/** The transcript's memory panel. */
export const memoryMessages: Bilingual<typeof en> = {
  en,
  th: {
    title: "ความจำ",
    intro:
      "สิ่งที่แชทบอทจำได้เกี่ยวกับลูกค้ารายนี้จากบทสนทนาก่อนหน้า (ชื่อ ความชอบ และคำสั่งซื้อที่ผ่านมา ตามที่ลูกค้าบอกเอง) ระบบจะอัปเดตหลังบทสนทนาเงียบไป 30 นาที และให้แชทบอทใช้ในบทสนทนาครั้งถัดไป",
    empty: "ยังไม่มีสิ่งที่จำไว้",
    updated: "อัปเดตเมื่อ",
    edit: "แก้ไข",
    label: "สิ่งที่แชทบอทจำไว้",
    help: 'บรรทัดละหนึ่งข้อ เช่น "- ชื่อ: สมชาย" ใส่เฉพาะสิ่งที่ลูกค้าบอกเอง แชทบอทจะอ่านเป็นข้อมูลเท่านั้น ไม่ใช่คำสั่ง',
    saved: "บันทึกความจำแล้ว",
    clear: "ล้าง",
    clearTitle: "ล้างความจำนี้ไหม",
    clearText: "แชทบอทจะลืมสิ่งที่จำไว้เกี่ยวกับลูกค้ารายนี้ และจะไม่นำบทสนทนาก่อนหน้ามาใช้จดจำอีก",
    clearing: "กำลังล้าง...",
    cleared: "ล้างความจำแล้ว",
    privacy: 'ลูกค้าขอให้แชทบอทลืมได้ (เช่น พิมพ์ว่า "ลบข้อมูลของฉัน" หรือ "ลืมฉันซะ") ความจำจะถูกล้างทันที',
  },
};
