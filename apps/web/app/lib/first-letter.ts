/** The first letter (a whole grapheme, with its marks), upper-cased; "?" when there is none. */
export function firstLetter(name: string): string {
  for (const { segment } of new Intl.Segmenter("th", { granularity: "grapheme" }).segment(name)) {
    if (/\p{L}/u.test(segment)) return segment.toLocaleUpperCase();
  }
  return "?";
}
