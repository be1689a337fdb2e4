import { Fragment, type ReactNode } from "react";

// The one line-breaking helper of every Thai page (feature pages, pricing, legal, page heroes).
// Browsers break Thai lines with ICU's dictionary, which does not know many loanwords the product
// uses, so "แดชบอร์ด" can wrap as "แด|ชบอร์ด" and "เพอร์โซนา" as "บุ|คลิกบอท". Keeping these
// words (and a few compounds it splits, like "บท|สนทนา") whole is enough: the text still wraps at
// every other word boundary. A longer word must come before any word it starts with.
const loanwords = [
  "พระราชบัญญัติ",
  "ความเป็นส่วนตัว",
  "ข้อมูลส่วนบุคคล",
  "มาร์เก็ตเพลส",
  "เพอร์โซนา",
  "เจ้าหน้าที่",
  "เวิร์กสเปซ",
  "ผู้ติดต่อ",
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
  "เพอร์โซนา",
  "แชทบอท",
  "คัดลอก",
  "อัปเกรด",
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

/**
 * The same for HTML the server writes as a string (the legal documents): `escapedHtml` is
 * already escaped text; the loanwords come back in `<span class="nw">` (the document's CSS
 * keeps `.nw` on one line).
 */
export function keepThaiWordsHtml(escapedHtml: string): string {
  return escapedHtml.replace(new RegExp(loanwordPattern.source, "g"), '<span class="nw">$1</span>');
}
