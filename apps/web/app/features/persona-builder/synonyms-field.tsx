import { personaLimits } from "@jai/contracts/persona";
import { useId, useState } from "react";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import type { PersonaBuilderMessages } from "./messages";
import {
  findSynonymsProblems,
  formatSynonymsText,
  isSynonymsError,
  parseSynonymsText,
  type SynonymsProblem,
} from "./synonyms-text";

/** Problems listed under the field at once; the owner sees the next ones as they fix these. */
const shownProblems = 5;
/** Enough for every set at its limits with separators; stops a runaway paste. */
const maxTextLength =
  personaLimits.synonymSets * personaLimits.synonymTerms * (personaLimits.synonymTerm + 3);
const quotedTermLength = 24;

function describeProblem(problem: SynonymsProblem, m: PersonaBuilderMessages): string {
  const texts = m.fields.synonyms.problems;
  switch (problem.code) {
    case "tooManySets":
      return texts.tooManySets(problem.count, problem.max);
    case "tooManyTerms":
      return texts.tooManyTerms(problem.line, problem.count, problem.max);
    case "termTooLong": {
      const term =
        problem.term.length > quotedTermLength
          ? `${problem.term.slice(0, quotedTermLength)}…`
          : problem.term;
      return texts.termTooLong(problem.line, term, problem.max);
    }
    case "singleTerm":
      return texts.singleTerm(problem.line);
  }
}

/**
 * The persona's synonym sets as text, one set a line (see ./synonyms-text.ts). The text is the
 * field's own state, so what the owner types stays as typed (a trailing comma, a blank line);
 * the persona gets its parsed sets. A change from elsewhere (an import, Start over) rewrites it.
 */
export function SynonymsField({
  synonyms,
  onChange,
  m,
}: {
  synonyms: string[][];
  onChange(synonyms: string[][]): void;
  m: PersonaBuilderMessages;
}) {
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const problemsId = `${fieldId}-problems`;
  const counterId = `${fieldId}-counter`;
  const texts = m.fields.synonyms;
  // The sets this text was parsed into: when the persona's differ, they came from elsewhere.
  const [draft, setDraft] = useState(() => ({ text: formatSynonymsText(synonyms), synonyms }));
  if (draft.synonyms !== synonyms) {
    setDraft({ text: formatSynonymsText(synonyms), synonyms });
  }
  const text = draft.synonyms === synonyms ? draft.text : formatSynonymsText(synonyms);
  const problems = findSynonymsProblems(text);
  const hasError = problems.some(isSynonymsError);
  const setCount = synonyms.filter((set) => set.length >= 2).length;
  const hidden = problems.length - shownProblems;

  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId}>{texts.label}</Label>
      <p id={hintId} className="text-muted-foreground text-sm">
        {texts.hint}
      </p>
      <Textarea
        id={fieldId}
        rows={6}
        value={text}
        maxLength={maxTextLength}
        placeholder={texts.placeholder}
        aria-invalid={hasError || undefined}
        aria-describedby={cn(hintId, problems.length > 0 && problemsId, counterId)}
        onChange={(event) => {
          const next = parseSynonymsText(event.target.value);
          setDraft({ text: event.target.value, synonyms: next });
          onChange(next);
        }}
      />
      <div id={problemsId} aria-live="polite">
        {problems.length > 0 ? (
          <ul className="grid gap-1 text-sm" data-testid="synonyms-problems">
            {problems.slice(0, shownProblems).map((problem) => (
              <li
                key={`${problem.code}-${"line" in problem ? problem.line : 0}`}
                className={
                  isSynonymsError(problem)
                    ? "font-medium text-destructive"
                    : "text-muted-foreground"
                }
              >
                {describeProblem(problem, m)}
              </li>
            ))}
            {hidden > 0 ? (
              <li className="text-muted-foreground">{texts.moreProblems(hidden)}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <p id={counterId} className="text-right text-muted-foreground text-xs tabular-nums">
        {texts.counter(setCount, personaLimits.synonymSets)}
      </p>
    </div>
  );
}
