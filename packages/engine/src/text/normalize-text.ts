/**
 * Folds text into the form both the index and the query use, so that equal words compare equal:
 * compatibility forms (full-width ＡＢＣ１２３, ligatures) become plain characters, Thai digits ๐-๙
 * become 0-9, letters become lower case, and invisible joiners disappear.
 *
 * NFKC alone is wrong for Thai: it splits SARA AM (ำ) into NIKHAHIT + SARA AA (ํา), which the
 * word segmenter's dictionary does not know, so "คำถาม" would stop matching. That pair (also
 * typed by hand, sometimes with the tone mark in between) is folded back into ำ.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(
      nikhahitSaraAa,
      (_, toneFirst = "", toneSecond = "") => `${toneFirst || toneSecond}\u0E33`,
    )
    .replace(thaiDigit, (digit) => String(digit.charCodeAt(0) - 0x0e50))
    .replace(zeroWidthSpace, " ")
    .replace(invisible, "")
    .toLowerCase();
}

/** ํ (+ optional tone mark) + า, in either order of the first two: the decomposed ำ. */
const nikhahitSaraAa = /\u0E4D([\u0E48-\u0E4B]?)\u0E32|([\u0E48-\u0E4B])\u0E4D\u0E32/g;
const thaiDigit = /[\u0E50-\u0E59]/g;
/** Thai text sometimes marks word breaks with ZERO WIDTH SPACE: keep it as a break. */
const zeroWidthSpace = /\u200B/g;
/** Joiners, BOM and soft hyphens carry no meaning for matching. */
const invisible = /\u00AD|\u200C|\u200D|\u2060|\uFEFF/g;
