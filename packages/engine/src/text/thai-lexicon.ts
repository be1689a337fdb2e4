/**
 * Thai spellings of loan words that chatbot businesses use all the time and that ICU's Thai
 * dictionary (behind `Intl.Segmenter`) does not know: it cuts "บอท" (bot) as "บอ|ท", or as
 * "จา|กบ|อท" after "จาก", so a question about bots would miss a passage about bots. Each entry
 * was checked against the segmenter in several contexts; words it already keeps whole (ไลน์,
 * เว็บไซต์, แอป, โค้ด …) are not listed. `scanWordSpans` keeps these whole before the segmenter
 * sees the rest of the run.
 */
export const thaiLexicon: readonly string[] = [
  "บอท",
  "แชท",
  "แพ็กเกจ",
  "แดชบอร์ด",
  "อินสตาแกรม",
  "ไอจี",
  "เฟซบุ๊ก",
  "เฟสบุ๊ค",
  "เฟสบุ๊ก",
  "ติ๊กต็อก",
  "ติ๊กตอก",
  "แอดมิน",
  "โปรโมชั่น",
  "โปรโมชัน",
  "วิดเจ็ต",
  "มาร์เก็ตเพลส",
  "เพอร์โซนา",
  "อัปโหลด",
  "อัพโหลด",
  "ออเดอร์",
  "สต็อก",
  "สต๊อก",
  "คอมเมนต์",
  "แอดไลน์",
];
