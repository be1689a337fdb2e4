/** Which file of IBM Plex Sans Thai draws a run (the font ships split by script). */
export type FontSubset = "thai" | "thaiSaraAm" | "latin" | "latinExt";
export type FontRun = { subset: FontSubset; text: string };

/**
 * A Thai syllable ending in SARA AM (U+0E33), with any marks between: "น้ำ", "คำ", "ต่ำ".
 * SARA AM is NIKHAHIT (U+0E4D) + SARA AA (U+0E32) drawn as one; a tone mark before it must sit
 * above the NIKHAHIT. HarfBuzz (browsers) reorders for this; fontkit (pdfkit) does not, and
 * draws the tone mark and the NIKHAHIT on top of each other.
 */
const saraAmSyllable = /[\u0E01-\u0E2E][\u0E31\u0E34-\u0E3A\u0E47-\u0E4C]*\u0E33/g;

function subsetOf(codePoint: number): FontSubset | null {
  if (codePoint >= 0x0e01 && codePoint <= 0x0e5b) return "thai";
  if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f)) return "latin";
  if (codePoint === 0x20ac || codePoint === 0x2122 || codePoint === 0x2212) return "latin";
  if (codePoint >= 0x0100 && codePoint <= 0x02ff) return "latinExt";
  // Not U+1EA0–1EF1 (Vietnamese): this font ships no Vietnamese file.
  if (codePoint >= 0x1e00 && codePoint <= 0x1e9f) return "latinExt";
  if (codePoint >= 0x1ef2 && codePoint <= 0x1eff) return "latinExt";
  if (codePoint >= 0x20a0 && codePoint <= 0x20c0) return "latinExt";
  return null;
}

/**
 * Splits a line into runs, each drawn with one font file. Spaces stay in the run they are in;
 * characters no file has (emoji, Chinese…) are left out, since a PDF would show empty boxes.
 * Each SARA AM syllable is a run of its own ("thaiSaraAm", drawn by the Thai file, see
 * render-persona-card-pdf.ts), kept as typed.
 */
export function splitFontRuns(line: string): FontRun[] {
  const runs: FontRun[] = [];
  const push = (subset: FontSubset, text: string) => {
    const last = runs[runs.length - 1];
    if (last && last.subset === subset && subset !== "thaiSaraAm") last.text += text;
    else runs.push({ subset, text });
  };
  let index = 0;
  for (const match of line.matchAll(saraAmSyllable)) {
    pushPlain(line.slice(index, match.index), push, runs);
    runs.push({ subset: "thaiSaraAm", text: match[0] });
    index = match.index + match[0].length;
  }
  pushPlain(line.slice(index), push, runs);
  return runs;
}

function pushPlain(
  text: string,
  push: (subset: FontSubset, text: string) => void,
  runs: FontRun[],
): void {
  for (const character of text) {
    if (character === " " || character === "\u00a0") {
      const last = runs[runs.length - 1];
      push(last && last.subset !== "thaiSaraAm" ? last.subset : "latin", " ");
      continue;
    }
    const subset = subsetOf(character.codePointAt(0) ?? 0);
    if (subset) push(subset, character);
  }
}

/**
 * A SARA AM syllable in the order fontkit shapes right: the consonant, NIKHAHIT, its other
 * marks, then SARA AA ("น้ำ" → "น" + U+0E4D + "้" + U+0E32), as HarfBuzz reorders it.
 */
export function reorderSaraAm(syllable: string): string {
  return syllable.replace(
    /([\u0E01-\u0E2E])([\u0E31\u0E34-\u0E3A\u0E47-\u0E4C]*)\u0E33/gu,
    "$1\u0E4D$2\u0E32",
  );
}
