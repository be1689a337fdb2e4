/**
 * Matching a Thai spelling of an English word with the English word, by rule: both are reduced
 * to a skeleton of consonant sounds, and equal skeletons match. "โปรโมชั่น" and "promotion" are
 * both P R M C N; "ออนไลน์" and "online" N L N; "คอมเมนต์" and "comment" K M N T. Vowels, tone
 * marks, the silent-letter mark, leading ห and อ, and the semi-vowels (ย ว / y w v) carry too
 * little for a rule to use and are dropped; doubled consonants count once. The same skeleton
 * also joins Thai spellings of one loan word ("เฟซบุ๊ก" / "เฟสบุ๊ค", "คอมเมนต์" / "คอมเม้นท์").
 *
 * A skeleton of fewer than three consonants is too common to mean anything ("ราคา" and "rock"
 * share R K), so `transliterationKey` gives none: short loan words come from the bilingual
 * lexicon instead.
 */
export function transliterationKey(word: string): string | undefined {
  const skeleton = thaiLetters.test(word) ? thaiSkeleton(word) : latinSkeleton(word);
  return skeleton && skeleton.length >= minConsonants ? skeleton : undefined;
}

/** Tone marks and the short-vowel mark dropped: "โปรโมชั่น" and "โปรโมชัน", "ลาเต้" and "ลาเต". */
export function thaiToneFold(word: string): string | undefined {
  if (!thaiLetters.test(word)) return undefined;
  const folded = word.replace(/[\u0E47-\u0E4B]/g, "");
  return folded !== word || word.length >= 2 ? folded : undefined;
}

const minConsonants = 3;
const thaiLetters = /[\u0E01-\u0E2E]/;

/** Thai consonants by the sound class an English spelling of them would use. */
const thaiClasses: Record<string, string> = {};
for (const [sound, letters] of Object.entries({
  K: "กขฃคฅฆ",
  G: "ง",
  C: "จฉชฌ",
  S: "ซศษส",
  T: "ดฎตฏถทธฐฑฒ",
  N: "นณ",
  B: "บ",
  P: "ปผพภ",
  F: "ฝฟ",
  M: "ม",
  R: "ร",
  L: "ลฬ",
  H: "หฮ",
})) {
  for (const letter of letters) thaiClasses[letter] = sound;
}
/** ห before these is silent: it only sets the tone (หมู, หน้า, หลาย). */
const sonorants = "งญนมยรลว";

function thaiSkeleton(word: string): string {
  let skeleton = "";
  const letters = Array.from(word);
  letters.forEach((letter, position) => {
    if (letter === "ห" && sonorants.includes(letters[position + 1] ?? "")) return;
    const sound = thaiClasses[letter];
    if (sound && !skeleton.endsWith(sound)) skeleton += sound;
  });
  return dropInnerH(skeleton);
}

/** English spellings to the same classes, longest patterns first. */
const latinPatterns: [RegExp, string][] = [
  [/tion|sion|ssion/g, "CN"],
  // "facial", "special", "initial": an sh sound, which Thai spells with ช
  [/[ct](?=ia)/g, "C"],
  [/ture/g, "CR"],
  [/tch|ch|sh/g, "C"],
  [/ph|gh(?=[aeiou])/g, "F"],
  [/gh/g, ""],
  [/th/g, "T"],
  [/ng(?![aeiou])/g, "G"],
  [/ck|q/g, "K"],
  [/x/g, "KS"],
  [/c(?=[eiy])/g, "S"],
  [/g(?=[eiy])/g, "C"],
  [/c|k|g/g, "K"],
  [/j/g, "C"],
  [/[sz]/g, "S"],
  [/[td]/g, "T"],
  [/n/g, "N"],
  [/b/g, "B"],
  [/p/g, "P"],
  [/f/g, "F"],
  [/m/g, "M"],
  [/r/g, "R"],
  [/l/g, "L"],
  [/h/g, "H"],
];

function latinSkeleton(word: string): string {
  if (!/^[a-z]+$/.test(word)) return "";
  let spelled = word;
  for (const [pattern, sound] of latinPatterns) spelled = spelled.replace(pattern, sound);
  let skeleton = "";
  for (const letter of spelled) {
    if (letter < "A" || letter > "Z") continue;
    if (!skeleton.endsWith(letter)) skeleton += letter;
  }
  return dropInnerH(skeleton);
}

/** An h inside a word is mostly silent or part of a vowel in both spellings ("john", "ohm"). */
function dropInnerH(skeleton: string): string {
  return skeleton.slice(0, 1) + skeleton.slice(1).replaceAll("H", "");
}
