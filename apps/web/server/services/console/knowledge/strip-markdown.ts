/**
 * The readable text of a Markdown document: headings, emphasis, links, images, code fences,
 * tables, lists and quotes lose their syntax but keep their words (a link keeps its text, an
 * image its alt text, a table its cells), so passages read as prose and markup does not count
 * as search terms. Paragraph breaks stay: the chunker cuts there first.
 */
export function stripMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const output: string[] = [];
  let isInFence = false;
  for (const raw of lines) {
    if (/^\s*(```|~~~)/.test(raw)) {
      isInFence = !isInFence;
      continue;
    }
    if (isInFence) {
      output.push(raw);
      continue;
    }
    let line = raw;
    // Table separator rows (| --- | :-: |) and horizontal rules.
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue;
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    // Setext heading underlines.
    if (/^\s*=+\s*$/.test(line)) continue;
    line = line
      .replace(/^\s{0,3}#{1,6}\s+/, "")
      .replace(/\s+#+\s*$/, "")
      .replace(/^\s*(>\s?)+/, "")
      .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, "")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1")
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/, "")
      .replace(/<\/?[A-Za-z][^>]*>/g, "")
      .replace(/`+([^`]*)`+/g, "$1")
      .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, "$1")
      .replace(/\*(?=\S)(.+?)(?<=\S)\*/g, "$1")
      // Underscores only around words: snake_case names keep theirs.
      .replace(/(^|[^\p{L}\p{N}_])__?(?=\S)(.+?)(?<=\S)__?(?![\p{L}\p{N}_])/gu, "$1$2")
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1");
    // Table rows: cells separated by a semicolon instead of pipes.
    if (/^\s*\|.*\|\s*$/.test(line)) {
      line = line
        .trim()
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim())
        .filter(Boolean)
        .join("; ");
    }
    output.push(line.trimEnd());
  }
  return output
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
