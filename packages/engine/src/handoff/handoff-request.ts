/**
 * Whether a customer's message asks for a person instead of the bot, in the words Thai and
 * English speakers use: "ขอคุยกับพนักงาน", "ติดต่อแอดมินหน่อย", "คุยกับคนจริงได้ไหม", "talk to a
 * human", "can I speak with someone from your team", "real person please", "agent". Not one:
 * "don't need a human", "ไม่ต้องคุยกับพนักงาน", or a question about staff ("how many staff do you
 * have?", "พนักงานกี่คน").
 */
export function isHandoffRequest(text: string): boolean {
  const message = text.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!message || message.length > 200) return false;
  return isEnglishRequest(message.toLowerCase().replace(/’/g, "'")) || isThaiRequest(message);
}

const englishPerson =
  "(?:a |an |the |your |some )?(?:real |live |actual |human )?(?:human(?: being)?|person|people|agent|staff(?: member)?|team(?: member)?|someone|somebody|representative|rep|operator|admin|customer (?:service|support)(?: agent)?|support(?: team| agent)?|manager|owner|shop owner|seller)";

const englishRequest = [
  new RegExp(
    `\\b(?:talk|speak|chat|connect|transfer|put|get)\\b(?: me)? (?:to|with|through to) ${englishPerson}\\b`,
  ),
  new RegExp(
    `\\b(?:need|want|give me|let me|can i (?:have|get)|i'd like)\\b (?:to (?:talk|speak|chat) (?:to|with) )?${englishPerson}\\b(?! (?:to|who) (?:help|do))?`,
  ),
  /^(?:human|agent|operator|representative|real person|live agent|live chat|person)(?: please| pls| plz)?[.!?]*$/,
  /\b(?:is there|are there|is anyone|anybody|someone) (?:a )?(?:human|real person|person) (?:there|here|around|available)\b/,
  /\b(?:are you|is this) (?:a )?(?:bot|robot|machine)\b.*\b(?:human|person|someone)\b/,
  /\bhuman (?:please|pls|plz|support|help|agent)\b/,
  /\b(?:call|contact) (?:me|the shop|your (?:team|staff|shop))\b/,
];

const englishNegation =
  /\b(?:don't|do not|no need|not|never|without|no)\b(?: \w+){0,5} (?:human|person|agent|staff|someone|people|representative|admin)/;

function isEnglishRequest(text: string): boolean {
  if (englishNegation.test(text)) return false;
  // Questions about the staff, not asks for them: "how many staff", "do your staff speak thai".
  if (/\b(?:how many|what time do|do your|does your|are your)\b/.test(text)) return false;
  return englishRequest.some((pattern) => pattern.test(text));
}

const thaiPerson =
  "(?:พนักงาน|แอดมิน|แอดมิด|แอด|เจ้าหน้าที่|คนจริง|คนจริงๆ|มนุษย์|คน|เจ้าของร้าน|เจ้าของ|ทีมงาน|ฝ่ายบริการลูกค้า|คอลเซ็นเตอร์|ผู้จัดการ|ผู้ดูแล|แม่ค้า|พ่อค้า)";

const thaiRequest = [
  // ขอคุยกับพนักงาน, อยากคุยกับแอดมิน, คุยกับคนได้ไหม, ขอสายเจ้าหน้าที่, โอนสายให้พนักงาน
  new RegExp(
    `(?:ขอ|อยาก|ต้องการ|ช่วย|รบกวน|เรียก|หา)?(?:คุย|พูด|ติดต่อ|สนทนา|แชท|ปรึกษา|โทรหา|ต่อสาย|โอนสาย|ส่งต่อ|ขอสาย|เรียก)(?:กับ|หา|ไปยัง|ไปหา|ให้|ถึง)?${thaiPerson}`,
  ),
  // ขอพนักงานหน่อย, ขอแอดมินค่ะ, แอดมินอยู่ไหม, มีคนตอบไหม, พนักงานตอบหน่อย
  new RegExp(`^(?:ขอ)${thaiPerson}(?:หน่อย|ด้วย|ค่ะ|คะ|ครับ|นะ|จ้า|ได้ไหม|ได้มั้ย|$)`),
  new RegExp(
    `${thaiPerson}(?:อยู่ไหม|อยู่มั้ย|อยู่รึเปล่า|อยู่หรือเปล่า|ตอบหน่อย|ตอบด้วย|มาตอบ|ช่วยตอบ|ช่วยด้วย|รับเรื่อง)`,
  ),
  /มีคน(?:ตอบ|อยู่|ดูแล)(?:ไหม|มั้ย|บ้างไหม|รึเปล่า)/,
  /ไม่(?:อยาก|เอา)(?:คุยกับ)?(?:บอท|หุ่นยนต์|ระบบอัตโนมัติ)/,
];

const thaiRefusal = new RegExp(
  `(?:ไม่ต้อง|ไม่อยาก|ไม่จำเป็นต้อง|ไม่ได้อยาก|ห้าม)(?:คุย|พูด|ติดต่อ|เรียก|ขอ)(?:กับ|หา)?${thaiPerson}`,
);

function isThaiRequest(text: string): boolean {
  const said = text.replace(/\s+/g, "");
  if (thaiRefusal.test(said)) return false;
  // Questions about staff: "พนักงานกี่คน", "แอดมินชื่ออะไร".
  if (/(?:กี่คน|ชื่ออะไร|เงินเดือน|รับสมัคร)/.test(said)) return false;
  return thaiRequest.some((pattern) => pattern.test(said));
}

/** Whether a message contains one of the owner's handoff keywords (case- and space-insensitive). */
export function matchesHandoffKeyword(text: string, keywords: readonly string[]): string | null {
  const folded = fold(text);
  if (!folded) return null;
  for (const keyword of keywords) {
    const key = fold(keyword);
    if (!key) continue;
    // Latin keywords match whole words; Thai ones anywhere (Thai has no spaces between words).
    const isLatin = /^[\p{Script=Latin}\d ]+$/u.test(key);
    const found = isLatin
      ? new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(key)}(?:$|[^\\p{L}\\p{N}])`, "u").test(
          folded,
        )
      : folded.replace(/ /g, "").includes(key.replace(/ /g, ""));
    if (found) return keyword;
  }
  return null;
}

function fold(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
