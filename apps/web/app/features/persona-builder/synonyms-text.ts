import { normalizeSynonymSet, personaLimits } from "@jai/contracts/persona";

/**
 * The builder's text form of a persona's synonyms: one set a line, terms separated by a comma or
 * an equals sign (ASCII or full-width, as a Thai keyboard's layout may give them):
 *
 *     latte, ลาเต้, กาแฟนม
 *     ค่าส่ง = ค่าจัดส่ง = shipping
 */
const termSeparator = /[,，=＝]/;

function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * The sets a text holds, normalised as the schema does. A one-term line is kept (the schema drops
 * it on save) so the owner's half-typed line survives switching tabs; too many or too long terms
 * are kept too, for the schema to refuse and the field to point at.
 */
export function parseSynonymsText(text: string): string[][] {
  return splitLines(text)
    .map((line) => normalizeSynonymSet(line.split(termSeparator)))
    .filter((set) => set.length > 0);
}

export function formatSynonymsText(sets: readonly (readonly string[])[]): string {
  return sets.map((set) => set.join(", ")).join("\n");
}

export type SynonymsProblem =
  | { code: "tooManySets"; count: number; max: number }
  | { code: "tooManyTerms"; line: number; count: number; max: number }
  | { code: "termTooLong"; line: number; term: string; max: number }
  /** Not an error: the line is ignored until it has a second term. */
  | { code: "singleTerm"; line: number };

/** What is wrong with the text, line by line (1-based, as the owner counts them), in order. */
export function findSynonymsProblems(text: string): SynonymsProblem[] {
  const problems: SynonymsProblem[] = [];
  let sets = 0;
  for (const [index, line] of splitLines(text).entries()) {
    const terms = normalizeSynonymSet(line.split(termSeparator));
    const lineNumber = index + 1;
    if (terms.length === 0) continue;
    if (terms.length === 1) {
      problems.push({ code: "singleTerm", line: lineNumber });
    } else {
      sets++;
    }
    if (terms.length > personaLimits.synonymTerms) {
      problems.push({
        code: "tooManyTerms",
        line: lineNumber,
        count: terms.length,
        max: personaLimits.synonymTerms,
      });
    }
    const long = terms.find((term) => term.length > personaLimits.synonymTerm);
    if (long !== undefined) {
      problems.push({
        code: "termTooLong",
        line: lineNumber,
        term: long,
        max: personaLimits.synonymTerm,
      });
    }
  }
  if (sets > personaLimits.synonymSets) {
    problems.unshift({ code: "tooManySets", count: sets, max: personaLimits.synonymSets });
  }
  return problems;
}

/** Whether the schema will refuse the text's sets (a one-term line only is ignored). */
export function isSynonymsError(problem: SynonymsProblem): boolean {
  return problem.code !== "singleTerm";
}
