import type { CuratedAnswerModeId } from "@jai/contracts/analytics";
import { analyticsLimits } from "@jai/contracts/analytics";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { ImproveMessages } from "./messages";

export type AnswerLanguage = "th" | "en" | "any";

/** What the owner is writing: the answer, its language and how the bot uses it. */
export type AnswerDraft = {
  question: string;
  /** One wording per line. */
  variants: string;
  answer: string;
  language: AnswerLanguage;
  mode: CuratedAnswerModeId;
};

export const toLanguage = (language: AnswerLanguage) => (language === "any" ? null : language);
export const fromLanguage = (language: string | null): AnswerLanguage =>
  language === "th" || language === "en" ? language : "any";
export const splitVariants = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, analyticsLimits.curatedVariants);

/**
 * The answer's fields: the question and its other wordings (when `withQuestion`), the answer,
 * its language and the mode, each explained in plain words. Errors sit under their fields.
 */
export function AnswerFields({
  id,
  draft,
  onChange,
  withQuestion,
  errors,
  m,
}: {
  id: string;
  draft: AnswerDraft;
  onChange(draft: AnswerDraft): void;
  withQuestion: boolean;
  errors: { question?: string; variants?: string; answer?: string };
  m: ImproveMessages;
}) {
  const t = m.editor;
  const set = (patch: Partial<AnswerDraft>) => onChange({ ...draft, ...patch });
  const described = (field: string, hint?: boolean) =>
    [
      hint ? `${id}-${field}-hint` : "",
      errors[field as keyof typeof errors] ? `${id}-${field}-error` : "",
    ]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className="space-y-4">
      {withQuestion ? (
        <>
          <div className="space-y-1">
            <Label htmlFor={`${id}-question`}>{t.question}</Label>
            <Textarea
              id={`${id}-question`}
              rows={2}
              value={draft.question}
              maxLength={analyticsLimits.curatedQuestion}
              required
              aria-invalid={Boolean(errors.question)}
              aria-describedby={described("question")}
              onChange={(event) => set({ question: event.target.value })}
            />
            <FieldError id={`${id}-question-error`} message={errors.question} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-variants`}>{t.variants}</Label>
            <Textarea
              id={`${id}-variants`}
              rows={3}
              value={draft.variants}
              aria-invalid={Boolean(errors.variants)}
              aria-describedby={described("variants")}
              onChange={(event) => set({ variants: event.target.value })}
            />
            <FieldError id={`${id}-variants-error`} message={errors.variants} />
          </div>
        </>
      ) : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-answer`}>{t.answer}</Label>
        <p id={`${id}-answer-hint`} className="text-muted-foreground text-sm">
          {keepThaiWords(t.answerHint)}
        </p>
        <Textarea
          id={`${id}-answer`}
          rows={5}
          value={draft.answer}
          maxLength={analyticsLimits.curatedAnswer}
          required
          aria-invalid={Boolean(errors.answer)}
          aria-describedby={described("answer", true)}
          onChange={(event) => set({ answer: event.target.value })}
        />
        <FieldError id={`${id}-answer-error`} message={errors.answer} />
      </div>
      <div className="space-y-1 sm:max-w-xs">
        <Label htmlFor={`${id}-language`}>{t.language}</Label>
        <NativeSelect
          id={`${id}-language`}
          value={draft.language}
          onChange={(event) => set({ language: event.target.value as AnswerLanguage })}
        >
          <option value="any">{t.languages.any}</option>
          <option value="th">{t.languages.th}</option>
          <option value="en">{t.languages.en}</option>
        </NativeSelect>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">{t.mode}</legend>
        {(["verbatim", "guide"] as const).map((mode) => (
          <label key={mode} className="flex items-start gap-2 rounded-md border p-3 text-sm">
            <input
              type="radio"
              className="mt-1 size-4 shrink-0"
              name={`${id}-mode`}
              value={mode}
              checked={draft.mode === mode}
              aria-describedby={`${id}-mode-${mode}-hint`}
              onChange={() => set({ mode })}
            />
            <span className="min-w-0">
              <span className="font-medium">{keepThaiWords(t.modes[mode].label)}</span>
              <span id={`${id}-mode-${mode}-hint`} className="block text-muted-foreground">
                {keepThaiWords(t.modes[mode].hint)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {message}
    </p>
  );
}
