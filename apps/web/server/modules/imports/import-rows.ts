import type { ImportRowError } from "@jai/contracts/analytics";
import { stripUnsafeText } from "@jai/contracts/text";

/** A question and its answer as a file or a sheet gives them, checked. */
export type ImportRow = {
  /** The row in the file (1-based; the header row, when there is one, is row 1). */
  row: number;
  question: string;
  answer: string;
  language: "th" | "en" | null;
};

/** A row of a table as read: its number in the file (1-based) and its cells, from column A. */
export type TableRow = { row: number; cells: readonly string[] };

export type ImportLimits = {
  question: number;
  answer: number;
  /** Data rows a file may hold. */
  rows: number;
};

/** What each column may be called in the header row (any case; Thai too). */
const columnNames: Record<"question" | "answer" | "language", readonly string[]> = {
  question: ["question", "questions", "คำถาม"],
  answer: ["answer", "answers", "คำตอบ"],
  language: ["language", "lang", "ภาษา"],
};

const languageNames: Record<string, "th" | "en"> = {
  th: "th",
  thai: "th",
  ไทย: "th",
  ภาษาไทย: "th",
  en: "en",
  english: "en",
  อังกฤษ: "en",
  ภาษาอังกฤษ: "en",
};

const fold = (value: string) => value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** Two questions are the same question when they differ only in case and spacing. */
export const sameQuestionKey = fold;

/** Where the question, answer and language are: named in a header row, else columns A, B, C. */
function findColumns(first: readonly string[] | undefined) {
  const names = (first ?? []).map(fold);
  const at = (column: keyof typeof columnNames) =>
    names.findIndex((name) => columnNames[column].includes(name));
  const question = at("question");
  const answer = at("answer");
  if (question >= 0 && answer >= 0) {
    return { hasHeader: true, question, answer, language: at("language") };
  }
  return { hasHeader: false, question: 0, answer: 1, language: 2 };
}

/**
 * The rows of a table (a CSV, an XLSX sheet, a Google Sheet), checked one by one: every problem
 * is reported with its row and column (`missing`, `too_long`, `bad_language`, `duplicate`: the
 * same question as an earlier row, `too_many`: the first row past the limit), never fixed
 * silently. Blank rows are skipped; control characters are removed; a question and an answer
 * are trimmed; a language is `th`, `en` (or their names in English and Thai) or empty.
 */
export function checkImportRows(
  table: readonly TableRow[],
  limits: ImportLimits,
): { rows: ImportRow[]; errors: ImportRowError[] } {
  const filled = table.filter((entry) => entry.cells.some((cell) => cell.trim() !== ""));
  const columns = findColumns(filled[0]?.cells);
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Set<string>();
  let dataRows = 0;
  for (const { row, cells } of filled.slice(columns.hasHeader ? 1 : 0)) {
    const cell = (at: number) => (at >= 0 ? stripUnsafeText(cells[at] ?? "").trim() : "");
    const question = cell(columns.question);
    const answer = cell(columns.answer);
    const languageText = cell(columns.language);
    if (!question && !answer && !languageText) continue;
    dataRows += 1;
    if (dataRows > limits.rows) {
      errors.push({ row, column: null, code: "too_many" });
      break;
    }
    if (!question) errors.push({ row, column: "question", code: "missing" });
    else if (question.length > limits.question) {
      errors.push({ row, column: "question", code: "too_long" });
    }
    if (!answer) errors.push({ row, column: "answer", code: "missing" });
    else if (answer.length > limits.answer)
      errors.push({ row, column: "answer", code: "too_long" });
    let language: ImportRow["language"] = null;
    if (languageText) {
      const known = languageNames[fold(languageText)];
      if (known) language = known;
      else errors.push({ row, column: "language", code: "bad_language" });
    }
    if (question) {
      const key = fold(question);
      if (seen.has(key)) errors.push({ row, column: "question", code: "duplicate" });
      seen.add(key);
    }
    rows.push({ row, question, answer, language });
  }
  return { rows, errors };
}
