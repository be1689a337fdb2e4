import { bilingualLexicon } from "../lexicon/bilingual-lexicon";
import { createSynonymMatcher, lexiconConcepts } from "../lexicon/expansions";
import { thaiToneFold, transliterationKey } from "../lexicon/transliteration";
import { segmentWords } from "../text/segment-words";
import { stopWords } from "../text/stop-words";

/**
 * What a question is about, as a list of concept words: the words a customer typed, with
 * particles, greetings and fillers dropped and every word the bilingual lexicon knows replaced
 * by its entry's first English word, so "ราคา", "price" and "how much" all become "cost". The
 * words that say what kind of answer is wanted stay when they change the question ("กี่โมง" /
 * "what time" is `time`, "กี่วัน" / "how long" is `duration`, "ที่ไหน" / "where" is `where`),
 * and so does a negation ("ยังไม่ได้รับของ" is not "ได้รับของ").
 *
 * The concept names are lexicon head words, not entry positions, so keys stored by a rollup
 * stay the same when the lexicon grows.
 */
export function questionConcepts(text: string): string[] {
  const words = segmentWords(text.replace(linksAndEmails, " "));
  const phrases = phraseMatcher()(words);
  const concepts: string[] = [];
  let previousContent: string | undefined;
  let negated = false;
  let index = 0;
  let nextPhrase = 0;
  const add = (concept: string | undefined) => {
    if (concept === undefined) return;
    if (negated) {
      // "เปิดไม่เปิด" asks "open or not": the repeat cancels the negation.
      if (concept !== previousContent) concepts.push(negation);
      negated = false;
    }
    concepts.push(concept);
    previousContent = concept;
  };
  while (index < words.length) {
    while (nextPhrase < phrases.length && phrases[nextPhrase]!.start < index) nextPhrase += 1;
    const phrase = phrases[nextPhrase];
    if (phrase && phrase.start === index) {
      for (const concept of phraseConcepts[Number(phrase.term.slice(2))]!) add(concept);
      index += phrase.length;
      continue;
    }
    const word = words[index]!;
    index += 1;
    if (negations.has(word) || word.endsWith("n't")) {
      negated = true;
      continue;
    }
    // "ค่า" is a fee before a word ("ค่าส่ง", "ค่าบริการ") and a polite particle after one.
    if (word === "ค่า") {
      const next = words[index];
      if (next !== undefined && !isFiller(next)) add("cost");
      continue;
    }
    // Names the lexicon lacks are one concept however they are spaced ("Chiang Mai" and
    // "chiangmai"), so they can meet a Thai spelling by sound ("เชียงใหม่").
    if (isUnknownEnglish(word) && isUnknownEnglish(words[index] ?? "")) {
      let name = word;
      while (isUnknownEnglish(words[index] ?? "")) name += words[index++];
      add(name);
      continue;
    }
    add(wordConcept(word));
  }
  return canonical(concepts);
}

/** A concept's weight in similarity: broad words weigh less than the topic itself. */
export function conceptWeight(concept: string): number {
  return broadConcepts.has(concept) ? 0.5 : 1;
}

/** A concept list prepared for comparing many times (`conceptSimilarity`). */
export type ConceptProfile = {
  concepts: readonly string[];
  exact: ReadonlySet<string>;
  weights: readonly number[];
  total: number;
  /** Per concept: its spelling without tone marks (Thai) or its sound skeleton (English). */
  thai: readonly boolean[];
  folds: readonly (string | undefined)[];
  sounds: readonly (string | undefined)[];
  negated: boolean;
};

export function conceptProfile(concepts: readonly string[]): ConceptProfile {
  const weights = concepts.map(conceptWeight);
  const thai = concepts.map((concept) => thaiLetters.test(concept));
  return {
    concepts,
    exact: new Set(concepts),
    weights,
    total: weights.reduce((sum, weight) => sum + weight, 0),
    thai,
    folds: concepts.map((concept, i) => (thai[i] ? thaiToneFold(concept) : undefined)),
    sounds: concepts.map(transliterationKey),
    negated: concepts.includes(negation),
  };
}

/**
 * How alike two concept lists are, 0–1: a weighted Dice coefficient where a concept counts as
 * shared when the other list has it, or (counting 0.85) a Thai word and an English word that
 * sound alike ("แคชเมียร์" and "cashmere", which the lexicon may lack), or Thai spellings that
 * differ only in tone marks. Questions that differ in a negation count half.
 */
export function conceptSimilarity(left: ConceptProfile, right: ConceptProfile): number {
  const total = left.total + right.total;
  if (left.concepts.length === 0 || right.concepts.length === 0 || total === 0) return 0;
  const score = (sharedWeight(left, right) + sharedWeight(right, left)) / total;
  return left.negated !== right.negated ? score / 2 : score;
}

function sharedWeight(from: ConceptProfile, to: ConceptProfile): number {
  let shared = 0;
  from.concepts.forEach((concept, i) => {
    if (to.exact.has(concept)) shared += from.weights[i]!;
    else if (hasLooseMatch(from, i, to)) shared += from.weights[i]! * looseWeight;
  });
  return shared;
}

/**
 * Spellings that may be one word: Thai spellings equal without tone marks, or a Thai spelling
 * and an English word that sound alike. Never two English words ("price" and "prize" share a
 * skeleton, not a meaning).
 */
function hasLooseMatch(from: ConceptProfile, i: number, to: ConceptProfile): boolean {
  const fold = from.folds[i];
  const sound = from.sounds[i];
  if (fold === undefined && sound === undefined) return false;
  for (let j = 0; j < to.concepts.length; j++) {
    if (from.thai[i] && to.thai[j]) {
      if (fold !== undefined && fold === to.folds[j]) return true;
    } else if (from.thai[i] !== to.thai[j] && sound !== undefined && sound === to.sounds[j]) {
      return true;
    }
  }
  return false;
}

const negation = "not";
const looseWeight = 0.85;
const thaiLetters = /[\u0E01-\u0E2E]/;

/** A word's concept (undefined: the word says nothing), worked out once per word and process. */
function wordConcept(word: string): string | undefined {
  const cached = conceptCache.get(word);
  if (cached !== undefined) return cached || undefined;
  const concept = findConcept(word);
  if (conceptCache.size >= maxCachedWords) conceptCache.clear();
  conceptCache.set(word, concept ?? "");
  return concept;
}

const conceptCache = new Map<string, string>();
const maxCachedWords = 50_000;

function findConcept(word: string): string | undefined {
  if (wordAliases.has(word)) return wordAliases.get(word);
  if (isFiller(word) || laughter.test(word) || identifier.test(word)) return undefined;
  const head = lexiconHead(word);
  if (head !== undefined) return head || undefined;
  if (!englishWord.test(word)) return word;
  // "allowed", "wondering": fillers in another form
  const stem = englishStem(word);
  return englishForms(word).some(isFiller) || isFiller(stem) ? undefined : stem;
}

/** An English word that is a concept of its own: not a filler, an alias or a lexicon word. */
function isUnknownEnglish(word: string): boolean {
  return (
    englishWord.test(word) &&
    !wordAliases.has(word) &&
    lexiconHead(word) === undefined &&
    wordConcept(word) !== undefined
  );
}

function isFiller(word: string): boolean {
  return stopWords.has(word) || fillers().has(word);
}

/**
 * The lexicon concept of a word (exact, a Thai word without its tone marks, an English form);
 * "" for a concept questions drop, undefined for a word the lexicon lacks.
 */
function lexiconHead(word: string): string | undefined {
  const concept = lexiconConcepts().get(word);
  if (concept !== undefined) return headOf(concept);
  if (thaiLetters.test(word)) {
    const folded = toneFoldedHeads().get(thaiToneFold(word) ?? word);
    return folded === ambiguous ? undefined : folded;
  }
  if (!englishWord.test(word)) return undefined;
  for (const form of englishForms(word)) {
    const found = lexiconConcepts().get(form);
    if (found !== undefined) return headOf(found);
  }
  return undefined;
}

function headOf(concept: number): string {
  const head = bilingualLexicon[concept]!.en[0]!;
  return headAliases.get(head) ?? head;
}

let foldedHeads: Map<string, string> | undefined;
const ambiguous = "\u0000";

/** Lexicon Thai words by their spelling without tone marks (`ambiguous` where two concepts share one). */
function toneFoldedHeads(): ReadonlyMap<string, string> {
  if (foldedHeads) return foldedHeads;
  const built = new Map<string, string>();
  for (const [word, concept] of lexiconConcepts()) {
    const folded = thaiToneFold(word);
    if (folded === undefined) continue;
    const head = headOf(concept);
    const known = built.get(folded);
    built.set(folded, known === undefined || known === head ? head : ambiguous);
  }
  foldedHeads = built;
  return built;
}

/** "received" → "receive", "booking" → "book", "shipped" → "ship": forms to look up. */
function englishForms(word: string): string[] {
  const forms: string[] = [];
  for (const suffix of ["ing", "ed", "es"]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 3) continue;
    const base = word.slice(0, -suffix.length);
    forms.push(base, `${base}e`);
    if (doubled.test(base)) forms.push(base.slice(0, -1));
  }
  return forms;
}

/** English words the lexicon lacks, cut to a stem so "arrive", "arrived", "arriving" meet. */
function englishStem(word: string): string {
  let stem = word;
  for (const suffix of ["ing", "ed"]) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      if (doubled.test(stem)) stem = stem.slice(0, -1);
      break;
    }
  }
  return stem.length > 3 && stem.endsWith("e") ? stem.slice(0, -1) : stem;
}

const englishWord = /^[a-z]+$/;
const doubled = /([b-df-hj-np-tv-z])\1$/;
const laughter = /^(?:5{3,}|(?:ha){2,}h?|(?:he){2,}|lol|ฮ่า.*|ฮา+ๆ?|อิ+อิ+|คิคิ)$/;
/** Order numbers, phone numbers and tracking codes: one per customer, never the question. */
const identifier = /^(?=[a-z]*\d)[a-z\d]*\d{5,}[a-z\d]*$|^(?=.*\d)(?=.*[a-z])[a-z\d]{8,}$/;

let fillerWords: Set<string> | undefined;

/**
 * Words that say nothing about the topic beyond the engine's stop words, and the stop words as
 * `segmentWords` folds them ("does" is "doe", "this" is "thi").
 */
function fillers(): ReadonlySet<string> {
  if (fillerWords) return fillerWords;
  fillerWords = new Set(extraFillers);
  for (const word of stopWords) for (const folded of segmentWords(word)) fillerWords.add(folded);
  return fillerWords;
}

const extraFillers: readonly string[] = [
  // Thai: particles as typed, politeness, addressing the shop, chat fillers
  "ค้าบ คร่า ค๊ะ ค่าา งับ ฮับ จ้ะ จ๊ะ จ้าา เจ้า ย่ะ ฮ้า นะคะ ผม แอดมิน แอด คุณลูกค้า",
  "โอเค โอเคร โอ เค ได้เลย ค่ะๆ ครับๆ ถึง ตอนนี้ บอก รู้ ช่วยบอก ด้วยนะ จัด ว่าจะ คิด",
  "เลย แบบ นิดนึง หน่อยนึง กัน ไว้ ละ แต่ เพราะ",
  // English: acknowledgements, politeness, verbs that only carry the question
  "ok okay k yes yeah yep yup sure thx ty hmm um uh sir madam admin dear",
  "i'd i'll i've you're we're they're that's let's another see look ดู ตัว อัน ชิ้น",
  "lot allow permit bring เข้า พา ได้ที่",
  "yet take like let tell know wonder wondering possible able question or then",
]
  .join(" ")
  .split(" ");

/** Links and email addresses name no topic (and are different in every message). */
const linksAndEmails = /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+/gi;

const negations: ReadonlySet<string> = new Set(["ไม่", "not", "never", "cannot", "ไม่ได้"]);

/**
 * Words that are their own concept here (the asking words the stop list drops, and words the
 * lexicon lacks); "" drops the word.
 */
const wordAliases: ReadonlyMap<string, string | undefined> = new Map([
  ["when", "time"],
  ["เมื่อไร", "time"],
  ["เมื่อไหร่", "time"],
  ["โมง", "time"],
  ["hrs", "time"],
  ["นาน", "duration"],
  ["where", "where"],
  ["ที่ไหน", "where"],
  ["เท่าไร", "cost"],
  ["เท่าไหร่", "cost"],
  ["baht", "cost"],
  ["ใคร", "who"],
  ["who", "who"],
  ["สนใจ", "interest"],
  ["interested", "interest"],
  ["interest", "interest"],
  // "CF" confirms an order in Thai online shops
  ["cf", "confirm"],
  ["เอา", undefined],
  ["ทัก", undefined],
  ["เลข", "number"],
  ["located", "where"],
  ["locate", "where"],
  // "do you accept cards": the asking, not a pickup
  ["accept", undefined],
]);

/**
 * Lexicon entries folded together for questions: a fee, a price and "how much" are one
 * question; an address, a location and a map are "where"; "" drops a word that only names the
 * shop being asked ("ร้าน", "shop") or the asking itself ("คำถาม").
 */
const headAliases: ReadonlyMap<string, string> = new Map([
  ["price", "cost"],
  ["fee", "cost"],
  ["address", "where"],
  ["location", "where"],
  ["map", "where"],
  ["shop", ""],
  ["question", ""],
]);

/** Concepts that are broad: sharing only them says little. */
const broadConcepts: ReadonlySet<string> = new Set([
  "payment",
  "order",
  "product",
  "service",
  "detail",
  "help",
  "money",
  "customer",
  "person",
  "day",
]);

/**
 * Phrases (as customers type them; cut into words like texts are) and their concept: the asking
 * words that carry meaning together with a noun. "" drops the phrase.
 */
const phraseTable: readonly (readonly [string, readonly string[]])[] = [
  ["time", ["กี่โมง", "what time", "ตอนไหน", "เมื่อไหร่", "เมื่อไร", "what hour", "กี่ทุ่ม"]],
  [
    "duration",
    [
      "กี่วัน",
      "กี่ชั่วโมง",
      "กี่นาที",
      "กี่อาทิตย์",
      "กี่สัปดาห์",
      "กี่เดือน",
      "how long",
      "how many day",
      "how many hour",
      "how many minute",
      "how many week",
      "ใช้เวลา",
      "ใช้เวลานานไหม",
      "นานแค่ไหน",
      // the segmenter reads "ส่งของใช้เวลา" as "ส่ง ของใช้ เวลา"
      "ของใช้เวลา",
    ],
  ],
  ["cost", ["เท่าไหร่", "เท่าไร", "how much", "กี่บาท", "ราคาเท่าไหร่"]],
  ["where", ["ที่ไหน", "ตรงไหน", "แถวไหน", "อยู่ไหน", "ไปยังไง", "how to get", "how do i get", "where"]],
  ["parking", ["จอดรถ", "ที่จอดรถ", "car park", "ที่จอด"]],
  ["pickup", ["pick up", "pickup"]],
  ["transfer", ["โอนเงิน", "bank transfer", "wire transfer"]],
  ["discount", ["ลดราคา"]],
  // in Thai shops "ราคาส่ง" is the wholesale price ("ค่าส่ง" is the delivery fee)
  ["cost wholesale", ["ราคาส่ง"]],
  ["stock", ["มีของ", "in stock"]],
  ["detail", ["รายละเอียด"]],
  ["card", ["credit card", "บัตรเครดิต", "debit card", "บัตรเดบิต"]],
  ["sold", ["sold out", "หมดแล้ว"]],
  ["delivery", ["จัดส่ง", "ส่งของ"]],
  [
    "",
    [
      "or not",
      "หรือไม่",
      "หรือเปล่า",
      "ได้ไหม",
      "ได้มั้ย",
      "how many",
      "อยากทราบ",
      "อยากรู้",
      "โอเค",
      "you offer",
      "ไม่ทราบว่า",
      // "ทักมาสอบถาม" as the segmenter cuts it
      "มาส อบ ถาม",
      "ไม่รู้ว่า",
      // "เหรอ" as the segmenter cuts it after some words ("หมดแล้วเหรอ")
      "เห รอ",
    ],
  ],
];

const phraseConcepts = phraseTable.map(([concepts]) => concepts.split(" ").filter(Boolean));
let matcher: ReturnType<typeof createSynonymMatcher> | undefined;

function phraseMatcher(): ReturnType<typeof createSynonymMatcher> {
  matcher ??= createSynonymMatcher(
    phraseTable.map(([, phrases]) => phrases),
    { dropStopWords: false },
  );
  return matcher;
}

/**
 * Unique, and without the concepts a more precise one already says: "วันอาทิตย์" is Sunday,
 * "ใช้เวลากี่วัน" a duration, "ที่จอดรถ" / "park my car" parking, "ฟรีค่าส่ง" free delivery.
 */
function canonical(concepts: readonly string[]): string[] {
  const unique = new Set(concepts);
  for (const concept of concepts) {
    for (const covered of absorbs.get(concept) ?? []) unique.delete(covered);
  }
  return [...unique];
}

const dayNames = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "weekend",
  "holiday",
  "today",
  "tomorrow",
] as const;

/** A way to pay says it is about paying; "รับบัตรไหม" accepts cards ("รับ" is no pickup). */
const paying = ["card", "credit", "cash", "promptpay", "qr", "installment"] as const;

const absorbs: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...dayNames.map((day) => [day, ["day"]] as [string, string[]]),
  ...paying.map((way) => [way, ["pickup", "payment"]] as [string, string[]]),
  ["duration", ["time", "day"]],
  ["parking", ["car"]],
  ["transfer", ["payment", "money", "bank", "pickup"]],
  ["free", ["cost"]],
  ["phone", ["number"]],
  ["parcel", ["number"]],
  ["tracking", ["number"]],
  ["account", ["number"]],
]);
