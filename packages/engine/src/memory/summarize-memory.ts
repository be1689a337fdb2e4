import {
  emptyFacts,
  formatMemory,
  type ListFactKind,
  type MemoryFacts,
  type MemoryTurn,
  mergeFacts,
  parseMemory,
} from "./memory-facts";

/**
 * The memory of a contact after a conversation, without a model (bots on the embedded `local`
 * provider, or when a model's summary failed): durable facts the customer stated in their own
 * messages, in Thai or English, merged with `previous` (a newer name, language, phone or email
 * replaces the older; preferences, allergies and orders keep the newest few). What the bot said
 * is never read. Null when there is nothing to remember.
 *
 * Kept: the name the customer gives ("ผมชื่อ…", "my name is …", "I'm Anna"), the language they
 * write in, preferences ("ชอบ…", "ไม่ใส่น้ำตาล", "I prefer …"), allergies ("แพ้…", "I'm
 * allergic to …"), orders and bookings ("สั่ง…", "จอง…", "I ordered …", "my order #123"), and
 * one phone number and one email address, the latest the customer typed, unless they asked not
 * to be remembered in the same message. Never ID, card or account numbers, addresses, or
 * anything the customer said about someone else on purpose: the patterns look for first-person
 * statements only.
 */
export function extractMemoryFacts(
  transcript: readonly MemoryTurn[],
  previous: string | null,
): string | null {
  const said = transcript
    .filter((turn) => turn.role === "user")
    .map((turn) => turn.content.trim())
    .filter(Boolean);
  const found = emptyFacts();
  for (const message of said) readMessage(message, found);
  const language = writtenLanguage(said);
  if (language) found.single.language = language;

  const hasFacts =
    Object.keys(found.single).length > 0 ||
    Object.values(found.lists).some((items) => items.length > 0);
  if (!hasFacts) return formatMemory(parseMemory(previous));
  return formatMemory(mergeFacts(parseMemory(previous), found));
}

/** The facts of one message; a later message's facts replace (or go before) earlier ones. */
function readMessage(message: string, found: MemoryFacts) {
  const mayKeepContacts = !refusesMemory.test(message);
  if (mayKeepContacts) {
    const phone = findPhone(message);
    if (phone) found.single.phone = phone;
    const email = findEmail(message);
    if (email) found.single.email = email;
  }
  const lists: Record<ListFactKind, string[]> = { preferences: [], allergies: [], orders: [] };
  for (const sentence of splitSentences(message)) {
    const name = findName(sentence);
    if (name) found.single.name = name;
    lists.allergies.push(...findAllergies(sentence));
    // "Can I have it without sugar?" still says what they like; an order asked about is not made.
    lists.preferences.push(...findPreferences(sentence));
    if (!sentence.isQuestion) lists.orders.push(...findOrders(sentence));
  }
  for (const kind of Object.keys(lists) as ListFactKind[]) {
    found.lists[kind] = [...withoutContained(lists[kind]), ...found.lists[kind]];
  }
}

/** The customer asked in this message not to be remembered: their contact details are not kept. */
const refusesMemory =
  /\b(?:don'?t|do not|never|please don'?t)\s+(?:save|store|keep|remember|record)\b|อย่า(?:จำ|เก็บ|บันทึก)|ไม่ต้อง(?:จำ|เก็บ|บันทึก)/i;

type Sentence = { text: string; isQuestion: boolean };

/** Sentences, split at ! ? a line break or a full stop before a space (not "2.5" or an email). */
function splitSentences(message: string): Sentence[] {
  const sentences: Sentence[] = [];
  const pattern = /([^!?\n]*?)(\?+|!+|\n+|\.(?=\s|$)|$)/g;
  for (const match of message.matchAll(pattern)) {
    const text = match[1]!.trim();
    if (text) {
      sentences.push({
        text,
        isQuestion: match[2]!.startsWith("?") || isQuestionText(text),
      });
    }
    if (match[0] === "") break;
  }
  return sentences;
}

const thaiQuestionWords =
  /ไหม|มั้ย|มั๊ย|หรือเปล่า|รึเปล่า|หรือยัง|อะไร|ยังไง|อย่างไร|เท่าไร|เท่าไหร่|ไหน|เมื่อไร|เมื่อไหร่|กี่|ได้ป่าว|เหรอ|หรอ/;

function isQuestionText(text: string): boolean {
  return (
    /^(?:do|does|did|can|could|how|what|when|where|which|who|why|is|are|was|will|would|should|may|shall)\b/i.test(
      text,
    ) || thaiQuestionWords.test(text)
  );
}

// ---- names -----------------------------------------------------------------------------------

/** Words that follow "I'm" without being a name ("I'm Looking for …", "I'm Thai"). */
const notNames = new Set(
  `a an the not just also so very still really here there back home fine good great okay ok sure
  sorry glad happy busy free late done ready new interested looking allergic vegan vegetarian
  thai english american british chinese japanese korean hungry thirsty from in at on with afraid
  confused lost curious available calling writing asking wondering trying hoping planning
  thinking having getting coming going staying travelling traveling gonna about your you me`
    .split(/\s+/)
    .filter(Boolean),
);

const particles = /(?:ครับผม|ครับ|คับ|ค่ะ|คะ|ค่า|จ้า|จ้ะ|นะคะ|นะครับ|นะ|น่ะ|เอง|ด้วย|หน่อย|เลย|ได้ไหม|ได้มั้ย)+$/;

/** Words that start a Thai name-less "ชื่อ…" ("ชื่อร้าน", "ชื่ออะไร") or someone else's name. */
const notThaiNames =
  /^(?:อะไร|ร้าน|เมนู|สินค้า|บัญชี|ผู้|บริษัท|ไฟล์|รุ่น|แอป|เว็บ|เพจ|ลูกค้า|โปร|ของ|คุณ|เขา|เค้า|จริง|เต็ม|ไม่|ว่าอะไร|แบรนด์|เพลง|หนัง|โรงแรม|บอท)/;

function findName(sentence: Sentence): string | undefined {
  const text = sentence.text;
  const english =
    /\bmy\s+name(?:'s|’s|\s+is)\s+([A-Za-z][A-Za-z'’-]*(?:\s+[A-Z][A-Za-z'’-]*){0,2})/i.exec(
      text,
    ) ??
    /\b[Cc]all\s+me\s+([A-Z][A-Za-z'’-]*(?:\s+[A-Z][A-Za-z'’-]*)?)/.exec(text) ??
    /(?:^|[\s,])[Ii](?:'m|’m|\s+am)\s+([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)(?=$|[\s,.!;]|\s+and\b)/.exec(
      text,
    );
  if (english) {
    const words = english[1]!.split(/\s+/);
    const kept: string[] = [];
    for (const [index, word] of words.entries()) {
      if (notNames.has(word.toLowerCase())) break;
      if (index > 0 && !/^[A-Z]/.test(word)) break;
      kept.push(word);
    }
    if (kept.length > 0 && kept.join(" ").length <= 40) return kept.join(" ");
  }

  const thai =
    /(?:ผม|ฉัน|ดิฉัน|หนู|เรา|ชั้น|กระผม)\s*ชื่อ(?:เล่น)?\s*(?:ว่า|คือ)?\s*(\S+)/.exec(text) ??
    /ชื่อ(?:เล่น)?(?:ของ)?(?:ผม|ฉัน|ดิฉัน|หนู|เรา)\s*(?:คือ|ชื่อ|ว่า)?\s*(\S+)/.exec(text) ??
    /(?:^|\s)ชื่อ(?:เล่น)?\s*(?:ว่า|คือ)?\s*(\S+)/.exec(text) ??
    /เรียก(?:ผม|ฉัน|หนู|ดิฉัน|เรา)ว่า\s*(\S+)/.exec(text);
  if (!thai) return undefined;
  let name = thai[1]!.replace(/^(?:นางสาว|นาย|นาง|น\.ส\.|คุณ|ด\.ช\.|ด\.ญ\.)/, "");
  if (notThaiNames.test(name) || thaiQuestionWords.test(name)) return undefined;
  // Thai runs words together: the name ends where a particle or the next verb begins.
  const cut =
    /^(.{2,}?)(?:ครับผม|ครับ|คับ|ค่ะ|คะ|ค่า|จ้า|จ้ะ|นะคะ|นะครับ|นะ|น่ะ|เอง|อยาก|ต้องการ|สั่ง|จอง|และ|แล้ว|โทร|เบอร์|ค่ะ)/.exec(
      name,
    );
  if (cut) name = cut[1]!;
  name = name.replace(/[^\p{L}\p{M}'’-]+$/u, "");
  return name.length >= 2 && name.length <= 30 ? name : undefined;
}

// ---- language --------------------------------------------------------------------------------

/** Thai when most of the customer's messages are in Thai script; English for plain Latin text. */
function writtenLanguage(messages: readonly string[]): string | undefined {
  let thai = 0;
  let english = 0;
  for (const message of messages) {
    if (/[\u0E01-\u0E4F]/.test(message)) thai += 1;
    else if (/[A-Za-z]{2}/.test(message) && !/[ñ¿¡çàâèéêëîïôùûüäöß]/i.test(message)) english += 1;
  }
  if (thai === 0 && english === 0) return undefined;
  return thai >= english ? "Thai" : "English";
}

// ---- contact details -------------------------------------------------------------------------

/** The last phone number in a message, Thai (mobile or landline) or international (+…). */
function findPhone(message: string): string | undefined {
  let phone: string | undefined;
  const thai = /(?<![\d+])(?<!\d-)(?:\+66[\s-]?|0)([689]\d)[\s-]?(\d{3})[\s-]?(\d{4})(?!-?\d)/g;
  for (const match of message.matchAll(thai)) phone = `0${match[1]}-${match[2]}-${match[3]}`;
  if (phone) return phone;
  const landline = /(?<![\d+])(?<!\d-)0(2|[3-7]\d)[\s-]?(\d{3})[\s-]?(\d{3,4})(?!-?\d)/g;
  for (const match of message.matchAll(landline)) {
    const digits = `0${match[1]}${match[2]}${match[3]}`;
    if (digits.length === 9) phone = `0${match[1]}-${match[2]}-${match[3]}`;
  }
  if (phone) return phone;
  const international = /(?<![\d\w])\+(\d[\d\s-]{6,16}\d)(?![\d-])/g;
  for (const match of message.matchAll(international)) {
    const digits = match[1]!.replace(/\D/g, "");
    if (digits.length >= 8 && digits.length <= 15) phone = `+${match[1]!.replace(/\s+/g, " ")}`;
  }
  return phone;
}

function findEmail(message: string): string | undefined {
  const matches = [...message.matchAll(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g)];
  const email = matches.at(-1)?.[0].replace(/\.+$/, "");
  return email && email.length <= 120 ? email : undefined;
}

// ---- preferences, allergies, orders ---------------------------------------------------------

function findPreferences(sentence: Sentence): string[] {
  const text = sentence.text;
  const found: string[] = [];
  for (const match of text.matchAll(/(?<!ผิด|ความ)(ไม่)?ชอบ\s*(\S{2,40})/g)) {
    const what = cleanThai(match[2]!);
    if (!what || /^(?:คุณ|เธอ|มาก|อะไร|ไหม|มั้ย|เลย|นะ)/.test(what) || thaiQuestionWords.test(what))
      continue;
    found.push(`${match[1] ?? ""}ชอบ${what}`);
  }
  for (const match of text.matchAll(/ไม่(ใส่|เอา|กิน|ทาน|ดื่ม|รับ)\s*(\S{2,30})/g)) {
    const what = cleanThai(match[2]!);
    if (what && !thaiQuestionWords.test(what)) found.push(`ไม่${match[1]}${what}`);
  }
  for (const match of text.matchAll(/(หวาน|เผ็ด|เค็ม)(น้อย|มาก|ปกติ|กลาง)|ไม่(หวาน|เผ็ด)/g)) {
    found.push(match[0]);
  }
  for (const match of text.matchAll(/(?:กิน|ทาน)(มังสวิรัติ|วีแกน|เจ|คลีน)/g)) found.push(match[0]);

  const english: [RegExp, (match: RegExpMatchArray) => string | undefined][] = [
    [
      /\b[Ii]\s+(?:really\s+|usually\s+|always\s+|just\s+)?(prefer|like|love|enjoy)\s+([^,.;!?\n]{2,50})/g,
      (match) => {
        const what = cutEnglish(match[2]!);
        if (!what || /^(?:to|it|that|this|them|you|your|one)\b/i.test(what)) return undefined;
        return match[1]!.toLowerCase() === "prefer" ? what : `likes ${what}`;
      },
    ],
    [
      /\b[Ii]\s+(?:don't|don’t|do not|can't|can’t|cannot|never)\s+(eat|drink|like)\s+([^,.;!?\n]{2,40})/g,
      (match) => {
        const what = cutEnglish(match[2]!);
        return what ? `doesn't ${match[1]!.toLowerCase()} ${what}` : undefined;
      },
    ],
    [
      /\b[Ii](?:'m|’m|\s+am)\s+(?:a\s+)?(vegetarian|vegan|pescatarian|lactose intolerant|gluten[- ]free)\b/g,
      (match) => match[1]!.toLowerCase(),
    ],
    [
      /\b(no|less|without|extra|more)\s+(sugar|ice|milk|cream|spice|salt|onions?|garlic|chill?i|coriander|cilantro|nuts|dairy|gluten|meat|pork|beef|msg|syrup|foam|sweetener|shots?)\b/gi,
      (match) => `${match[1]!.toLowerCase()} ${match[2]!.toLowerCase()}`,
    ],
  ];
  for (const [pattern, describe] of english) {
    for (const match of text.matchAll(pattern)) {
      const value = describe(match);
      if (value) found.push(value);
    }
  }
  return found;
}

function findAllergies(sentence: Sentence): string[] {
  const text = sentence.text;
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\s|ผม|ฉัน|หนู|ดิฉัน|เรา|ชั้น)แพ้\s*(\S{2,30})/g)) {
    const what = cleanThai(match[1]!);
    if (what && !/^(?:อะไร|ไหม|มั้ย|หรือ|แล้ว|ทาง)/.test(what) && !thaiQuestionWords.test(what))
      found.push(what);
  }
  for (const match of text.matchAll(
    /\b[Ii](?:'m|’m|\s+am)\s+(?:very\s+|severely\s+|really\s+|also\s+)?allergic\s+to\s+([^,.;!?\n]{2,40})/g,
  )) {
    const what = cutEnglish(match[1]!);
    if (what) found.push(what);
  }
  for (const match of text.matchAll(
    /\b[Ii]\s+have\s+(?:a|an)\s+([a-z]+(?:\s[a-z]+)?)\s+allergy\b/gi,
  )) {
    found.push(match[1]!.toLowerCase());
  }
  return found;
}

function findOrders(sentence: Sentence): string[] {
  const text = sentence.text;
  const found: string[] = [];
  const thai =
    /(?:^|\s|ผม|ฉัน|หนู|ดิฉัน|เรา|ชั้น)((?:เคย|ได้|จะ|อยาก|ขอ)?(?:สั่งซื้อ|สั่ง|จอง|พรีออเดอร์|ออเดอร์))\s*(\S+(?:\s+\d[\d.,]*(?:\s*[ก-๙]+)?|\s+(?:วัน|เวลา|พรุ่งนี้|คืน|ตอน|เสาร์|อาทิตย์|จันทร์|อังคาร|พุธ|พฤหัส|ศุกร์|ที่)\S*)*)/g;
  for (const match of text.matchAll(thai)) {
    const what = cleanThai(match[2]!.trim());
    if (!what || thaiQuestionWords.test(match[0]) || /^(?:ได้|ยัง|แล้ว|ไป|มา)$/.test(what)) continue;
    found.push(clip(`${match[1]}${what}`, 60));
  }

  const english: [RegExp, (match: RegExpMatchArray) => string | undefined][] = [
    [
      /\b[Ii](?:'ve|’ve|\s+have)?\s+(?:just\s+|already\s+)?(ordered|booked|reserved|bought|purchased|pre-?ordered)\s+([^;!?\n]{2,60})/g,
      (match) => phrase(match[1]!.toLowerCase(), match[2]!),
    ],
    [
      /\b[Ii](?:'d|’d|\s+would)\s+like\s+to\s+(order|book|reserve|buy)\s+([^;!?\n]{2,60})/g,
      (match) => phrase(`wants to ${match[1]!.toLowerCase()}`, match[2]!),
    ],
    [
      /\b[Ii]\s+(?:want|wanna|need)\s+to\s+(order|book|reserve|buy)\s+([^;!?\n]{2,60})/g,
      (match) => phrase(`wants to ${match[1]!.toLowerCase()}`, match[2]!),
    ],
    [
      /\b[Ii](?:'ll|’ll|\s+will)\s+(take|order)\s+([^;!?\n]{2,60})/g,
      (match) => phrase("orders", match[2]!),
    ],
    [
      /\bmy\s+(order|booking|reservation)\s*(?:#|no\.?|number)?\s*:?\s*#?([A-Z0-9][A-Z0-9-]{2,20})\b/gi,
      (match) =>
        /\d/.test(match[2]!) ? `${match[1]!.toLowerCase()} #${match[2]!.toUpperCase()}` : undefined,
    ],
  ];
  for (const [pattern, describe] of english) {
    for (const match of text.matchAll(pattern)) {
      const value = describe(match);
      if (value) found.push(value);
    }
  }
  return found;
}

function phrase(verb: string, object: string): string | undefined {
  const what = cutEnglish(object.replace(/\.$/, ""));
  if (!what || /^(?:it|that|this|them|one|something|anything)$/i.test(what)) return undefined;
  return clip(`${verb} ${what}`, 60);
}

/** An English object without what follows it ("2 lattes and I also …" → "2 lattes"). */
function cutEnglish(text: string): string {
  return text
    .split(
      /\s+(?:and|but|because|so|please|pls|if|when|thanks|thank you|can|could|would|do|does|is|are)\b|,/i,
    )[0]!
    .replace(/\s+/g, " ")
    .trim();
}

/** A Thai value without its polite particles ("น้ำตาลนะคะ" → "น้ำตาล"). */
function cleanThai(text: string): string {
  let value = text.replace(/[\s.,!?…~]+$/g, "");
  let previous: string;
  do {
    previous = value;
    value = value.replace(particles, "").trim();
  } while (value !== previous);
  return value.length >= 2 ? value : "";
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Drops a value contained in a longer one ("หวานน้อย" inside "ชอบกาแฟหวานน้อย"). */
function withoutContained(items: string[]): string[] {
  return items.filter(
    (item, index) =>
      !items.some(
        (other, otherIndex) => otherIndex !== index && other !== item && other.includes(item),
      ) && items.indexOf(item) === index,
  );
}
