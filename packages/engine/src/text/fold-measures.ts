/**
 * Rewrites what people write in many ways into one form, before a text is cut into words, so a
 * question meets a passage however either wrote it:
 *
 * - repeated letters: "ราคาาาา", "มากกกก" and "sooo" lose the repeats (Thai: 3 or more of a
 *   letter become one, since Thai spells some words with a double letter ("ธรรม"); Latin: 3 or
 *   more become two, "coffee" keeps its pair);
 * - clock times as written and as asked: "09:00", "9.00 น.", "9 a.m.", "9 โมงเช้า", "บ่าย 2",
 *   "2 ทุ่ม", "เที่ยง" all become one word `t0900`, `t1400`, `t2000`, `t1200`;
 * - money and percentages: "฿65" and "65฿" are "65 baht", "10%" is "10 percent" (the unit words
 *   then fold in `unitWord`).
 *
 * Takes and returns normalised text (`normalizeText`: Thai digits are already 0-9).
 */
export function foldMeasures(text: string): string {
  return text
    .replace(repeatedThai, (_, mark, letter, last) => mark ?? letter ?? last)
    .replace(repeatedLatin, "$1$1")
    .replace(timeRange, (_, h1, m1, dash, h2, m2) => {
      const from = clock(Number(h1), Number(m1));
      const to = clock(Number(h2), Number(m2));
      return from && to ? ` ${from} ${dash} ${to} ` : _;
    })
    .replace(clockWithColon, (match, h, m, suffix = "") => {
      const hour = withMeridiem(Number(h), suffix);
      return spaced(clock(hour, Number(m))) ?? match;
    })
    .replace(clockWithDot, (match, h, m, suffix = "") => {
      const hour = withMeridiem(Number(h), suffix);
      return spaced(clock(hour, Number(m))) ?? match;
    })
    .replace(
      hourMeridiem,
      (match, h, suffix) => spaced(clock(withMeridiem(Number(h), suffix), 0)) ?? match,
    )
    .replace(thaiAfternoon, (match, number) => thaiClockWord(match, true, number, undefined))
    .replace(thaiClock, (match, number, part) => thaiClockWord(match, false, number, part))
    .replace(thaiNight, (match, number) => {
      const hour = thaiNumber(number);
      return hour !== undefined && hour >= 1 && hour <= 6 ? ` ${clock(18 + hour, 0)} ` : match;
    })
    .replace(thaiSmallHours, (match, number) => {
      const hour = thaiNumber(number);
      return hour !== undefined && hour >= 1 && hour <= 5 ? ` ${clock(hour, 0)} ` : match;
    })
    .replace(midnight, " t0000 ")
    .replace(noon, " t1200 ")
    .replace(bahtBefore, " $1 baht ")
    .replace(bahtSign, " baht ")
    .replace(percentSign, " percent ");
}

/**
 * One spelling per unit, Thai or English, full or short: the word a number's unit folds to
 * ("กรัม", "grams" and "g" are all "g"). Plurals are already stripped ("grams" → "gram").
 */
export function unitWord(word: string): string | undefined {
  return units.get(word);
}

const units = new Map<string, string>();
for (const [unit, spellings] of Object.entries({
  g: ["g", "gr", "gram", "กรัม"],
  kg: ["kg", "kilogram", "กิโลกรัม", "กก"],
  km: ["km", "kilometer", "kilometre", "กิโลเมตร", "กม"],
  cm: ["cm", "centimeter", "centimetre", "เซนติเมตร", "ซม", "เซน"],
  ml: ["ml", "millilitre", "milliliter", "มิลลิลิตร", "มล"],
  oz: ["oz", "ounce", "ออนซ์"],
  baht: ["baht", "thb", "bht", "บาท"],
  percent: ["percent", "pct", "เปอร์เซ็นต์", "เปอร์เซนต์"],
  minute: ["minute", "min", "นาที"],
  hour: ["hour", "hr", "ชั่วโมง", "ชม"],
})) {
  for (const spelling of spellings) units.set(spelling, unit);
}

function spaced(word: string | undefined): string | undefined {
  return word && ` ${word} `;
}

/** `t0930`, or undefined when it is no time of day. */
function clock(hour: number, minute: number): string | undefined {
  if (!(hour >= 0 && hour <= 24 && minute >= 0 && minute < 60)) return undefined;
  return `t${String(hour % 24).padStart(2, "0")}${String(minute).padStart(2, "0")}`;
}

function withMeridiem(hour: number, suffix: string): number {
  const meridiem = suffix.replaceAll(".", "").trim();
  if (meridiem === "pm" && hour < 12) return hour + 12;
  if (meridiem === "am" && hour === 12) return 0;
  return hour;
}

const thaiNumbers: Record<string, number> = {
  หนึ่ง: 1,
  สอง: 2,
  สาม: 3,
  สี่: 4,
  ห้า: 5,
  หก: 6,
  เจ็ด: 7,
  แปด: 8,
  เก้า: 9,
  สิบ: 10,
  สิบเอ็ด: 11,
  สิบสอง: 12,
};

function thaiNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return /^\d+$/.test(value) ? Number(value) : thaiNumbers[value];
}

/**
 * "9 โมง(เช้า)" 09:00, "4 โมงเย็น" 16:00, "บ่าย 2 (โมง)" and "บ่ายสองโมง" 14:00, "บ่ายโมง"
 * 13:00. A bare "n โมง" is morning from 6 on and afternoon before (people say "3 โมง" for 15:00).
 */
function thaiClockWord(
  match: string,
  afternoon: boolean,
  number: string | undefined,
  part: string | undefined,
): string {
  if (afternoon && number === undefined) return " t1300 ";
  const value = thaiNumber(number);
  if (value === undefined || value < 1 || value > 12) return match;
  let hour = value;
  if (afternoon) hour = value === 12 ? 12 : value + 12;
  else if (part === "เย็น") hour = value < 12 ? value + 12 : value;
  else if (part !== "เช้า" && value < 6) hour = value + 12;
  return ` ${clock(hour, 0)} `;
}

const thaiNumberWords = Object.keys(thaiNumbers)
  .sort((a, b) => b.length - a.length)
  .join("|");
const number = `(\\d{1,2}|${thaiNumberWords})`;
/**
 * A Thai vowel or mark typed twice or more ("ราคาาา") is never a spelling; a consonant is only
 * four times or more, or three at the end of a word ("มากกก"): three can meet across words
 * ("ขอ|ออเดอร์", "คะแนน|นะ").
 */
const repeatedThai =
  /([\u0E30-\u0E4E])\1+|([\u0E01-\u0E2E])\2{3,}|([\u0E01-\u0E2E])\3{2}(?![\u0E01-\u0E4E])/g;
const repeatedLatin = /([a-z])\1{2,}/g;
const meridiem = "(a\\.?m\\.?|p\\.?m\\.?)";
const timeRange =
  /(?<![\d.:])([01]?\d|2[0-4])[:.]([0-5]\d)\s*(?:น\.?)?\s*([-–—]|ถึง|to|until)\s*([01]?\d|2[0-4])[:.]([0-5]\d)(?![\d.:]?\d)\s*(?:น\.|นาฬิกา)?/g;
const clockWithColon = new RegExp(
  `(?<![\\d.:])([01]?\\d|2[0-4]):([0-5]\\d)(?!\\d)\\s*(?:น\\.|นาฬิกา|${meridiem})?`,
  "g",
);
/** "9.00" is a time only when said so ("น.", "นาฬิกา", "am"): otherwise it may be a price. */
const clockWithDot = new RegExp(
  `(?<![\\d.:])([01]?\\d|2[0-4])\\.([0-5]\\d)(?!\\d)\\s*(?:น\\.|นาฬิกา|${meridiem})`,
  "g",
);
const hourMeridiem = new RegExp(`(?<![\\d.:])(1[0-2]|0?\\d)\\s*${meridiem}(?![a-z])`, "g");
const thaiAfternoon = new RegExp(`บ่าย\\s*(?:${number}\\s*)?(?:โมง)?(?:ตรง)?`, "g");
const thaiClock = new RegExp(`${number}\\s*โมง\\s*(เช้า|เย็น|ตรง)?`, "g");
const thaiNight = new RegExp(`${number}\\s*ทุ่ม`, "g");
const thaiSmallHours = new RegExp(`(?<![\\u0E01-\\u0E4E])ตี\\s*${number}`, "g");
const midnight = /เที่ยงคืน/g;
const noon = /เที่ยง(?:วัน|ตรง)?/g;
const bahtBefore = /฿\s*(\d[\d,]*(?:\.\d+)?)/g;
const bahtSign = /฿/g;
const percentSign = /%/g;
