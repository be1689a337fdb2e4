/**
 * A reply cut into messages of at most `maxChars` characters (LINE: 5,000; Messenger: 2,000),
 * at the last paragraph break, else line break, else sentence end, else word boundary (Thai has
 * no spaces: words come from `Intl.Segmenter`) before the limit. Never cuts inside a word unless
 * one word alone is longer than the limit. Counts UTF-16 code units, as the platforms do.
 */
export function splitText(text: string, maxChars: number): string[] {
  if (maxChars < 1) throw new RangeError("maxChars must be at least 1");
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const cut = findCut(rest, maxChars);
    const head = rest.slice(0, cut).trimEnd();
    if (head) parts.push(head);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

const segmenter = new Intl.Segmenter("th", { granularity: "word" });

function findCut(text: string, maxChars: number): number {
  const window = text.slice(0, maxChars + 1);
  // A break in the first fifth would make tiny messages: only take it when there is nothing else.
  const minimum = Math.floor(maxChars / 5);
  for (const separator of [/\n\s*\n/g, /\n/g, /[.!?。]\s/g, /\s/g]) {
    let best = -1;
    for (const match of window.matchAll(separator)) {
      const end = match.index + match[0].length;
      if (end <= maxChars && end > minimum) best = end;
    }
    if (best > 0) return best;
  }
  let lastWordEnd = 0;
  // Segmented a little past the limit: the word that straddles it is then read whole, not cut
  // into a shorter "word" that would end exactly at the limit.
  for (const segment of segmenter.segment(text.slice(0, maxChars + 64))) {
    const end = segment.index + segment.segment.length;
    if (end > maxChars) break;
    lastWordEnd = end;
  }
  return lastWordEnd > 0 ? lastWordEnd : maxChars;
}
