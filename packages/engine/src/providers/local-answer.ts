import { bilingualLexicon } from "../lexicon/bilingual-lexicon";
import { lexiconConcepts } from "../lexicon/expansions";
import { buildSearchIndex } from "../retrieval/search-index";
import { detectLanguage, type ReplyLanguage } from "../text/detect-language";
import { segmentWords } from "../text/segment-words";
import { stopWords } from "../text/stop-words";

/**
 * How the local provider turns a passage into a chat reply: the sentence(s) that answer, whole,
 * with table rows read out as sentences, and small talk recognised in Thai and English.
 */

/** Passages up to this long with at most two sentences are given whole. */
const wholePassageChars = 280;
/** A second sentence joins the best one when it scores this share of it and fits. */
const secondSentenceShare = 0.6;
const replyChars = 420;

/**
 * The part of a passage that answers the question. The passage is cut into sentences (lines,
 * then sentence ends; long Thai lines at spaces), each scored against the question with the
 * same matching as retrieval (languages, spellings, synonyms), and the best one is kept, with
 * the runner-up when it is nearly as good and short enough, in the passage's order. A sentence
 * is never cut. Table rows ("item: Latte; price_thb: 65") become sentences in the reply's
 * language ("Latte: price 65 baht.").
 */
export function focusPassage(text: string, question: string, language: ReplyLanguage): string {
  const sentences = splitSentences(text).map((sentence) => ({
    ...sentence,
    text: readSentence(sentence.text, language),
  }));
  if (sentences.length === 0) return text.trim();
  const total = sentences.reduce((sum, sentence) => sum + sentence.text.length, 0);
  const oneLanguage = new Set(sentences.map((sentence) => detectLanguage(sentence.text))).size;
  if (sentences.length <= 2 && total <= wholePassageChars && oneLanguage === 1) {
    return sentences.map((sentence) => sentence.text).join(" ");
  }
  const index = buildSearchIndex(
    sentences.map((sentence, position) => ({
      id: String(position),
      kind: "knowledge" as const,
      text: sentence.text,
      ...(sentence.heading ? { title: sentence.heading } : {}),
      source: "",
    })),
    { titleWeight: 0.5 },
  );
  // "How much", "what time", "กี่": the sentence with a number is the answer.
  const wantsNumber = asksForNumber(question);
  const hits = index
    .search(question, { limit: sentences.length })
    .map((hit) => ({
      hit,
      score: hit.score * (wantsNumber && /\d/.test(hit.text) ? numberBoost : 1),
    }))
    .sort((a, b) => b.score - a.score || Number(a.hit.id) - Number(b.hit.id));
  // A passage written in both languages answers in the reply's.
  const inLanguage = hits.find(({ hit }) => detectLanguage(hit.text) === language);
  if (inLanguage && hits[0] && inLanguage !== hits[0] && inLanguage.score >= 0.6 * hits[0].score) {
    hits.splice(hits.indexOf(inLanguage), 1);
    hits.unshift(inLanguage);
  }
  const best = hits[0];
  if (!best) return firstSentences(sentences.map((sentence) => sentence.text));
  const chosen = [Number(best.hit.id)];
  const second = hits[1];
  if (
    second &&
    !tableRow.test(best.hit.text) &&
    detectLanguage(second.hit.text) === detectLanguage(best.hit.text) &&
    second.score >= secondSentenceShare * best.score &&
    best.hit.text.length + second.hit.text.length <= replyChars
  ) {
    chosen.push(Number(second.hit.id));
  }
  return chosen
    .sort((a, b) => a - b)
    .map((position) => sentences[position]!.text)
    .join(" ");
}

const numberBoost = 1.4;
const numberCues = new Set([
  "เท่า",
  "เท่าไร",
  "ไหร่",
  "กี่",
  "ราคา",
  "ค่า",
  "โมง",
  "เวลา",
  "much",
  "many",
  "long",
  "price",
  "cost",
  "fee",
  "time",
  "when",
  "hour",
]);

function asksForNumber(question: string): boolean {
  return segmentWords(question).some((word) => numberCues.has(word));
}

function firstSentences(sentences: string[]): string {
  const kept: string[] = [];
  let length = 0;
  for (const sentence of sentences) {
    if (kept.length > 0 && length + sentence.length > replyChars) break;
    kept.push(sentence);
    length += sentence.length;
  }
  return kept.join(" ");
}

/**
 * Lines, then sentences, each with the markdown heading above it (a heading is context for
 * matching, never an answer); list marks and emphasis dropped; blank pieces gone.
 */
export function splitSentences(text: string): { text: string; heading?: string }[] {
  const sentences: { text: string; heading?: string }[] = [];
  let heading: string | undefined;
  const push = (piece: string) => {
    const trimmed = piece.trim();
    if (trimmed) sentences.push(heading ? { text: trimmed, heading } : { text: trimmed });
  };
  const lines = text.split(/\r?\n/);
  for (const [position, rawLine] of lines.entries()) {
    const headingMatch = /^\s*#{1,6}\s+(.+)$/.exec(rawLine);
    if (headingMatch) {
      heading = headingMatch[1]!.replace(/\*\*|__/g, "").trim();
      continue;
    }
    const line = rawLine
      .replace(/^\s*(?:[-*•]\s+|\d+[.)]\s+|>\s*)/, "")
      .replace(/\*\*|__/g, "")
      .trim();
    if (!line) continue;
    // A short line with no number and no sentence end, like "Opening hours" or "เวลาเปิด-ปิด",
    // is a heading (the markdown marks are gone once a file is ingested).
    if (looksLikeHeading(line) && position + 1 < lines.length) {
      heading = line;
      continue;
    }
    if (tableRow.test(line)) {
      push(line);
      continue;
    }
    // A sentence ends at . ! ? after a Latin word or number, before a capital or Thai: never
    // after a Thai abbreviation ("กม.", "น.", "ทพญ.") nor before a number.
    for (const piece of line.split(/(?<=[A-Za-z0-9)"'][.!?…])\s+(?=[A-Z"'(\u0E01-\u0E4E])/)) {
      if (detectLanguage(piece) === "th" && piece.length > longThaiLine) {
        for (const part of splitThai(piece)) push(part);
      } else {
        push(piece);
      }
    }
  }
  return sentences;
}

function looksLikeHeading(line: string): boolean {
  return (
    line.length <= 48 &&
    !/\d/.test(line) &&
    !/[.!?:;,…]$/.test(line) &&
    !tableRow.test(line) &&
    line.split(/\s+/).length <= 6
  );
}

/** Thai marks sentence ends with a space: a long line is cut at spaces into pieces of ~100. */
const longThaiLine = 200;
function splitThai(line: string): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const part of line.split(/\s+/)) {
    current = current ? `${current} ${part}` : part;
    if (current.length >= 100 && !/\d$/.test(part)) {
      pieces.push(current);
      current = "";
    }
  }
  if (current) {
    if (pieces.length > 0 && current.length < 30) pieces[pieces.length - 1] += ` ${current}`;
    else pieces.push(current);
  }
  return pieces;
}

/** "Header: value; Header: value" (how ingestion stores a spreadsheet row), two fields or more. */
const tableRow = /^[^:;\n]{1,60}:[^\n]*;\s*[^:;\n]{1,60}:[^\n]*$/;

/** Whether a text is one spreadsheet row as ingestion stores it ("item: Latte; price: 65"). */
export function isTableRow(text: string): boolean {
  return tableRow.test(text.trim());
}

function readSentence(sentence: string, language: ReplyLanguage): string {
  return tableRow.test(sentence) ? describeRow(sentence, language) : sentence;
}

/** Headers that name what the row is about. */
const nameHeaders = new Set([
  "name",
  "item",
  "product",
  "menu",
  "service",
  "title",
  "treatment",
  "course",
  "package",
  "ชื่อ",
  "รายการ",
  "สินค้า",
  "เมนู",
  "บริการ",
  "ชื่อสินค้า",
  "ชื่อเมนู",
]);

/** Units a header may carry ("price_thb", "price (THB)", "weight_g"). */
const headerUnits: Record<string, { en: string; th: string }> = {
  thb: { en: "baht", th: "บาท" },
  baht: { en: "baht", th: "บาท" },
  บาท: { en: "baht", th: "บาท" },
  g: { en: "g", th: "กรัม" },
  kg: { en: "kg", th: "กก." },
  ml: { en: "ml", th: "มล." },
  oz: { en: "oz", th: "ออนซ์" },
  cm: { en: "cm", th: "ซม." },
  km: { en: "km", th: "กม." },
  min: { en: "minutes", th: "นาที" },
  minutes: { en: "minutes", th: "นาที" },
  mins: { en: "minutes", th: "นาที" },
  days: { en: "days", th: "วัน" },
  hours: { en: "hours", th: "ชั่วโมง" },
};

/**
 * A spreadsheet row as a sentence in the reply's language: the naming field first, then each
 * other field as "label value unit". Labels are the headers made readable ("price_thb" is
 * "price", with "baht" after a number) and, for Thai replies, put in Thai through the bilingual
 * lexicon where it knows them. Empty cells are left out.
 */
export function describeRow(row: string, language: ReplyLanguage): string {
  // A cell may hold a ";" itself: a piece without "header:" belongs to the cell before it.
  const cells: { header: string; value: string }[] = [];
  for (const piece of row.split(";")) {
    const at = piece.indexOf(":");
    if (at > 0 && at <= 60) {
      cells.push({ header: piece.slice(0, at).trim(), value: piece.slice(at + 1).trim() });
    } else if (cells.length > 0) {
      cells[cells.length - 1]!.value += `;${piece}`;
    }
  }
  const fields = cells
    .map((field) => ({ ...field, value: field.value.trim() }))
    .filter((field) => field.header && field.value);
  if (fields.length === 0) return row;
  const nameAt = Math.max(
    0,
    fields.findIndex((field) => nameHeaders.has(field.header.toLowerCase())),
  );
  const name = nameIn(fields[nameAt]!.value, language);
  const thai = language === "th";
  const details = fields
    .filter((_, position) => position !== nameAt)
    .map(({ header, value }) => {
      const { label, unit } = readHeader(header);
      const unitText = unit && /^[\d.,\s–-]+$/.test(value) ? ` ${thai ? unit.th : unit.en}` : "";
      return `${translateLabel(label, language)} ${translateCell(value, language)}${unitText}`;
    });
  if (details.length === 0) return name;
  return thai ? `${name}: ${details.join(", ")}` : `${name}: ${details.join(", ")}.`;
}

/**
 * A name written in both languages, "จัดฟันใส (Clear Aligners)" or "Iced Latte (ลาเต้เย็น)":
 * the part in the reply's language.
 */
function nameIn(name: string, language: ReplyLanguage): string {
  const match = /^(.+?)\s*\(([^()]+)\)\s*$/.exec(name);
  if (!match || (language !== "th" && language !== "en")) return name;
  const [, outside, inside] = match as unknown as [string, string, string];
  if (detectLanguage(outside) === language) return outside;
  if (detectLanguage(inside) === language) return inside;
  return name;
}

/**
 * A cell's one word in the other language put in the reply's where the bilingual lexicon knows
 * it ("12 – 18 เดือน" → "12 – 18 month", "black" → "ดำ"); anything else stays as written.
 */
function translateCell(value: string, language: ReplyLanguage): string {
  if (language !== "th" && language !== "en") return value;
  const other = language === "th" ? latinRun : thaiRun;
  // One word only ("12 – 18 เดือน", "black"): word by word, a phrase would come out garbled.
  if ((value.match(other) ?? []).length !== 1) return value;
  return value.replace(other, (word) => {
    const [folded] = segmentWords(word);
    const concept = folded === undefined ? undefined : lexiconConcepts().get(folded);
    if (concept === undefined || segmentWords(word).length !== 1) return word;
    const entry = bilingualLexicon[concept]!;
    return (language === "th" ? entry.th[0] : entry.en[0]) ?? word;
  });
}

const latinRun = /[A-Za-z]+/g;
const thaiRun = /[\u0E01-\u0E4E]+/g;

function readHeader(header: string): { label: string; unit?: { en: string; th: string } } {
  const words = header
    .toLowerCase()
    .replace(/[()[\]]/g, " ")
    .split(/[\s_]+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (words.length > 1 && last && headerUnits[last]) {
    return { label: words.slice(0, -1).join(" "), unit: headerUnits[last] };
  }
  return { label: words.join(" ") || header };
}

function translateLabel(label: string, language: ReplyLanguage): string {
  const words = segmentWords(label);
  if (words.length !== 1) return label;
  const concept = lexiconConcepts().get(words[0]!);
  if (concept === undefined) return label;
  const entry = bilingualLexicon[concept]!;
  if (language === "th") return entry.th[0] ?? label;
  if (language === "en") return detectLanguage(label) === "th" ? (entry.en[0] ?? label) : label;
  return label;
}

const greetingWords = new Set([
  "hi",
  "hello",
  "hey",
  "hiya",
  "yo",
  "morning",
  "afternoon",
  "evening",
  "sawasdee",
  "สวัสดี",
  "หวัดดี",
  "ดีจ้า",
  "ดี",
]);
const thanksWords = new Set([
  "thank",
  "thanks",
  "thx",
  "ty",
  "tq",
  "appreciate",
  "ขอบคุณ",
  "ขอบใจ",
  "แต๊งกิ้ว",
  "แต๊งกิ้ว",
  "ขอบพระคุณ",
]);
const goodbyeWords = new Set([
  "bye",
  "goodbye",
  "cya",
  "later",
  "ลาก่อน",
  "บาย",
  "บ๊ายบาย",
  "บ๊าย",
  "แล้ว",
  "เจอ",
  "กัน",
  "ไป",
  "ก่อน",
  "see",
  "you",
  "night",
]);
/** Words that may come with any of them ("good morning", "thanks a lot", "ขอบคุณมาก"). */
const smallTalkFillers = new Set([
  "good",
  "lot",
  "so",
  "much",
  "very",
  "all",
  "มาก",
  "เลย",
  "นะ",
  "ทุก",
  "คน",
  "ค่ะ",
  "ครับ",
  "จ้า",
  "there",
  "again",
]);

/** A message that is only a greeting, only thanks or only a goodbye (particles aside). */
export function classifySmallTalk(message: string): "greeting" | "thanks" | "goodbye" | undefined {
  // "หวัดดี" comes out as "หวัด" (a cold) + "ดี": said whole, it is hello.
  // So does "ลาก่อน" (goodbye), which comes out as "ลา" (leave) + "ก่อน" (first).
  const words = segmentWords(
    message.replaceAll("หวัดดี", "สวัสดี").replaceAll("ลาก่อน", " bye "),
  ).filter(
    (word) =>
      !smallTalkFillers.has(word) &&
      !(
        stopWords.has(word) &&
        !greetingWords.has(word) &&
        !thanksWords.has(word) &&
        !goodbyeWords.has(word)
      ),
  );
  if (words.length === 0 || words.length > 4) return undefined;
  if (words.every((word) => greetingWords.has(word))) return "greeting";
  if (words.every((word) => thanksWords.has(word) || word === "you")) return "thanks";
  if (words.some((word) => strongGoodbye.has(word) || word === "เจอ" || word === "see")) {
    if (words.every((word) => goodbyeWords.has(word))) return "goodbye";
  }
  return undefined;
}

const strongGoodbye = new Set(["bye", "goodbye", "cya", "ลาก่อน", "บาย", "บ๊าย", "บ๊ายบาย"]);
