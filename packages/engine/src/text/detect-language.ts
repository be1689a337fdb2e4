/** The languages the engine has its own texts for (apology, "I don't know", greetings …). */
export const replyLanguages = ["en", "th", "es", "fr", "de"] as const;
export type ReplyLanguage = (typeof replyLanguages)[number];

/**
 * Thai or English, by script: Thai when at least 30 % of the letters are Thai. Mixed messages
 * are usually Thai sentences carrying English names ("แพ็กเกจ Pro ราคาเท่าไหร่"), and a Thai
 * word is written with fewer letters than its English counterpart, hence a threshold well
 * below half. No letters at all (emoji, digits) counts as English.
 */
export function detectLanguage(text: string): "th" | "en" {
  let thai = 0;
  let other = 0;
  for (const char of text) {
    if (thaiLetter.test(char)) thai++;
    else if (letter.test(char)) other++;
  }
  return thai > 0 && thai >= 0.3 * (thai + other) ? "th" : "en";
}

const thaiLetter = /[\u0E01-\u0E2E\u0E40-\u0E44]/;
const letter = /\p{L}/u;
