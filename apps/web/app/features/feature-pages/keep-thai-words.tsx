import { Fragment, type ReactNode } from "react";

// Browsers break Thai lines with ICU's dictionary, which does not know many loanwords the product
// uses, so "แดชบอร์ด" can wrap as "แด|ชบอร์ด" and "บุคลิกบอท" as "บุ|คลิกบอท". Keeping these
// words (and a few compounds it splits, like "บท|สนทนา") whole is enough: the text still wraps at
// every other word boundary. A longer word must come before any word it starts with.
const loanwords = [
  "เจ้าหน้าที่",
  "คำสั่งซื้อ",
  "รายละเอียด",
  "บทสนทนา",
  "คาดการณ์",
  "พึงพอใจ",
  "ต่อเนื่อง",
  "ตรวจสอบ",
  "เชื่อมต่อ",
  "แบ่งปัน",
  "น้ำเสียง",
  "ช่องทาง",
  "ขั้นตอน",
  "ความรู้",
  "ใช้งาน",
  "ส่งออก",
  "นำเข้า",
  "คำตอบ",
  "ผู้ช่วย",
  "ผู้ใช้",
  "บุคลิกบอท",
  "แชทบอท",
  "แดชบอร์ด",
  "แพ็กเกจ",
  "เทมเพลต",
  "วิดเจ็ต",
  "สเปรดชีต",
  "อีคอมเมิร์ซ",
  "ครีเอเตอร์",
  "ฟรีแลนซ์",
  "ติวเตอร์",
  "เอเจนซี",
  "พรีเมียม",
  "โปรโมชัน",
  "โซลูชัน",
  "เว็บฮุก",
  "พรอมต์",
  "อีโมจิ",
  "เอนจิน",
  "อัปโหลด",
  "อัปเดต",
  "ซิงก์",
  "โควตา",
  "สต็อก",
  "ปริมาณ",
  "บุคลิก",
  "คาเฟ่",
  "แท็บ",
  "ไซซ์",
  "แชท",
  "บอท",
];
const loanwordPattern = new RegExp(`(${loanwords.join("|")})`);

/** Text with the loanwords above wrapped in no-wrap spans; other text is returned unchanged. */
export function keepThaiWords(text: string): ReactNode {
  const parts = text.split(loanwordPattern);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
