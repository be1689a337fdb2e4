import type { PersonaFaq } from "@jai/contracts/persona";

/** The live preview offers at most this many FAQ questions to try (seed, section 9). */
export const quickQuestionLimit = 3;
/** A quick question's label is cut to this many characters, plus an ellipsis. */
export const quickQuestionLabelMaxChars = 30;

export type QuickQuestion = { question: string; label: string };

/**
 * The live preview's Quick Test Questions: the first three FAQs with a question (blank ones are
 * skipped), each labelled with its question cut at 30 characters plus "…". Clicking one sends
 * the question, so the engine answers it as a customer would get it answered.
 */
export function getQuickQuestions(faqs: readonly PersonaFaq[]): QuickQuestion[] {
  return faqs
    .map((faq) => faq.question.trim())
    .filter((question) => question !== "")
    .slice(0, quickQuestionLimit)
    .map((question) => ({ question, label: quickQuestionLabel(question) }));
}

/** Cut between whole characters (a Thai letter keeps its vowel and tone marks). */
export function quickQuestionLabel(question: string): string {
  const characters = Array.from(
    new Intl.Segmenter("th", { granularity: "grapheme" }).segment(question),
    ({ segment }) => segment,
  );
  if (question.length <= quickQuestionLabelMaxChars) return question;
  let label = "";
  for (const character of characters) {
    if (label.length + character.length > quickQuestionLabelMaxChars) break;
    label += character;
  }
  return `${label.trimEnd()}…`;
}
