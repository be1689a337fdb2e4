/** Width of a piece of text in the renderer's units (canvas pixels, PDF points). */
export type MeasureText = (text: string) => number;

export type WrapOptions = {
  maxWidth: number;
  /** Lines kept; the last kept line ends with "…" when text was cut. */
  maxLines?: number;
};

const wordSegmenter = new Intl.Segmenter("th", { granularity: "word" });
const graphemeSegmenter = new Intl.Segmenter("th", { granularity: "grapheme" });
const ellipsis = "…";
/** Below this much of the limit, a line's estimated width is trusted (see wrapParagraph). */
const nearLimit = 4;

/**
 * Breaks text into lines no wider than `maxWidth`. Thai is written without spaces between
 * words, so lines break at word boundaries found by Intl.Segmenter (a dictionary of Thai
 * words), never inside a word; only a single word wider than the line is split, and then
 * between grapheme clusters, so a tone mark or vowel never leaves its consonant.
 * Line breaks in the text start new lines; blank lines are kept as empty lines.
 */
export function wrapText(text: string, measure: MeasureText, options: WrapOptions): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").split("\n")) {
    lines.push(...wrapParagraph(paragraph, measure, options.maxWidth));
  }
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const { maxLines } = options;
  if (maxLines === undefined || lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1] ?? "", measure, options.maxWidth);
  return kept;
}

function wrapParagraph(paragraph: string, measure: MeasureText, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  // The line's width so far plus the word's is close to the candidate's (kerning between the
  // two aside); only near the limit is the whole candidate measured. Keeps long text linear.
  let lineWidth = 0;
  for (const { segment } of wordSegmenter.segment(paragraph)) {
    const candidate = line + segment;
    const estimate = lineWidth + measure(segment);
    if (estimate <= maxWidth - nearLimit || measure(candidate.trimEnd()) <= maxWidth) {
      line = candidate;
      lineWidth = estimate;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = segment.trimStart();
    lineWidth = measure(line);
    // A word longer than a whole line: split it between grapheme clusters.
    while (line && measure(line) > maxWidth) {
      const [head, rest] = splitToFit(line, measure, maxWidth);
      lines.push(head);
      line = rest;
      lineWidth = measure(line);
    }
  }
  lines.push(line.trimEnd());
  return lines;
}

function splitToFit(word: string, measure: MeasureText, maxWidth: number): [string, string] {
  let head = "";
  for (const { segment, index } of graphemeSegmenter.segment(word)) {
    if (head && measure(head + segment) > maxWidth) return [head, word.slice(index)];
    head += segment;
  }
  return [head, ""];
}

/** Ends a cut line with "…", dropping whole words to make room (graphemes if only one is left). */
function withEllipsis(line: string, measure: MeasureText, maxWidth: number): string {
  const fits = (parts: string[]) => measure(`${parts.join("").trimEnd()}${ellipsis}`) <= maxWidth;
  const words = Array.from(wordSegmenter.segment(line), (part) => part.segment);
  while (words.length > 1 && !fits(words)) words.pop();
  if (fits(words)) return `${words.join("").trimEnd()}${ellipsis}`;
  const graphemes = Array.from(graphemeSegmenter.segment(line), (part) => part.segment);
  while (graphemes.length > 0 && !fits(graphemes)) graphemes.pop();
  return `${graphemes.join("").trimEnd()}${ellipsis}`;
}
