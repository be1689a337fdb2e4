import { detectLanguage } from "@jai/engine";

/**
 * The FAQ questions offered as quick replies, in the customer's language first: a Thai
 * customer is not offered the English twin of a Thai question. Questions in the other language
 * only fill in when the bot has none in the customer's (a bot with English FAQs only still
 * offers them). A customer whose language is not known yet (null) is offered every question.
 */
export function faqSuggestions(
  faqs: readonly { question: string }[],
  language: "th" | "en" | null,
): string[] {
  const questions = faqs.map((faq) => faq.question.trim()).filter(Boolean);
  if (!language) return questions;
  const own = questions.filter((question) => detectLanguage(question) === language);
  return own.length > 0 ? own : questions;
}
