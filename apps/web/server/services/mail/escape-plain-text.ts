// Characters that must never reach an email from visitor input: C0 controls, DEL, C1 controls,
// Unicode line / paragraph separators, and bidirectional overrides (they can make a line read
// differently from what it contains).
const controlCharacters = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * One line of visitor text: every control character, line break included, becomes a space;
 * runs of whitespace collapse. Safe in a header (no CR/LF can survive) and after a label.
 */
export function escapeLine(value: string): string {
  return value.replace(controlCharacters, " ").replace(/\s+/g, " ").trim();
}

/**
 * Several lines of visitor text, quoted: line breaks are kept, every other control character is
 * removed (tabs become spaces), and every line starts with "> ". Visitor text therefore never
 * starts a line, so no line can pass for a header, a MIME boundary ("--…") or an mbox "From ".
 */
export function escapeBlock(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, "    ")
    .split("\n")
    .map((line) => line.replace(controlCharacters, "").trimEnd())
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}
