/**
 * How one FAQ pair of a knowledge source (kind "faq") is stored as a chunk: the question on the
 * first line, the answer after it. The bot's index reads it back as an FAQ (the question weighted
 * as a title, the answer given whole), like the persona's own FAQs.
 */
export function formatFaqChunk(question: string, answer: string): string {
  return `${question.replace(/\s+/g, " ").trim()}\n${answer.trim()}`;
}

export function parseFaqChunk(text: string): { question: string; answer: string } {
  const newline = text.indexOf("\n");
  if (newline < 0) return { question: "", answer: text };
  return { question: text.slice(0, newline), answer: text.slice(newline + 1) };
}
