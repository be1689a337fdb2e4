/**
 * Cuts a long text into blocks of at most `maxChars` at the best break in the second half of
 * each block: a paragraph, else a line, else a space (a hard cut only for a block without any).
 * The engine's chunker finds sentence ends with `Intl.Segmenter`, whose time grows with the
 * square of the text's length (a 200,000-character text takes seconds, measured): chunking a
 * long document block by block keeps ingestion linear, and lets the worker yield to requests
 * between blocks. Chunks never span blocks, and blocks end where a chunk would rather end anyway.
 */
export function splitIntoBlocks(text: string, maxChars = 16_000): string[] {
  const blocks: string[] = [];
  let from = 0;
  while (text.length - from > maxChars) {
    const window = text.slice(from, from + maxChars);
    const half = Math.floor(maxChars / 2);
    const cut =
      lastBreak(window, /\n[^\S\n]*\n/g, half) ??
      lastBreak(window, /\n/g, half) ??
      lastBreak(window, /\s/g, half) ??
      maxChars;
    blocks.push(text.slice(from, from + cut));
    from += cut;
  }
  blocks.push(text.slice(from));
  return blocks.filter((block) => block.trim() !== "");
}

/** The end of the last match at or after `minimum`, or null. */
function lastBreak(window: string, pattern: RegExp, minimum: number): number | null {
  let end: number | null = null;
  for (const match of window.matchAll(pattern)) {
    const matchEnd = match.index + match[0].length;
    if (matchEnd >= minimum) end = matchEnd;
  }
  return end;
}
