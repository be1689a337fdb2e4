/**
 * The CSAT question as the chat apps show it, in the customer's language (Thai or English), with
 * the glossary's terms (คะแนนความพึงพอใจ). The hosted page and the widget word their own card
 * (components/chat/messages.ts).
 */
export type CsatLanguage = "th" | "en";

/**
 * The customer's language for the question: the first one known (the contact's, then the
 * conversation's), Thai unless it is another; Thai when none is known (Jai's customers are
 * mostly Thai).
 */
export function csatLanguage(...languages: Array<string | null | undefined>): CsatLanguage {
  const known = languages.find((language) => language?.trim());
  if (!known) return "th";
  return known.toLowerCase().startsWith("th") ? "th" : "en";
}

/** What a tapped score sends back (LINE's postback data, Messenger's quick reply payload). */
export const csatPayloadPrefix = "csat:";

/** A score's face, on the buttons of every surface (1 very unhappy … 5 very happy). */
export const csatFaces = ["😞", "🙁", "😐", "🙂", "😄"] as const;

export const csatTexts = {
  /**
   * The question. `buttons`: the chat app shows the scores as buttons (LINE, Messenger,
   * Instagram); otherwise the customer answers with a number (TikTok).
   */
  question(language: CsatLanguage, buttons: boolean): string {
    if (language === "th") {
      return buttons
        ? "ขอบคุณที่คุยกับเรานะ ช่วยให้คะแนนความพึงพอใจกับบทสนทนานี้หน่อย แตะตัวเลขด้านล่างได้เลย (1 = ไม่พอใจมาก, 5 = พอใจมาก)"
        : "ขอบคุณที่คุยกับเรานะ ช่วยให้คะแนนความพึงพอใจกับบทสนทนานี้หน่อย ตอบเป็นตัวเลข 1–5 ได้เลย (1 = ไม่พอใจมาก, 5 = พอใจมาก)";
    }
    return buttons
      ? "Thanks for chatting with us! How satisfied are you with this conversation? Tap a number below (1 = very unhappy, 5 = very happy)."
      : "Thanks for chatting with us! How satisfied are you with this conversation? Reply with a number from 1 to 5 (1 = very unhappy, 5 = very happy).";
  },
  /** Said once the score is stored. */
  thanks(language: CsatLanguage): string {
    return language === "th"
      ? "ขอบคุณสำหรับคะแนนนะ เราจะนำไปปรับปรุงการบริการให้ดียิ่งขึ้น"
      : "Thank you for your rating! It helps us serve you better.";
  },
  /** A score's button: its face and number ("😄 5"). */
  button(score: number): string {
    return `${csatFaces[score - 1] ?? ""} ${score}`.trim();
  },
};

/** Thai digits ๑–๕ as the customer may type them. */
const thaiDigits = "๐๑๒๓๔๕๖๗๘๙";

/**
 * A score in a chat-app message: a tapped button's payload (`csat:4`), or — only when `typed`
 * and the question is waiting for an answer — a bare number 1–5 (Thai digits too, "4/5" too).
 * Null: not an answer.
 */
export function parseCsatAnswer(text: string): { score: number; from: "button" | "number" } | null {
  const trimmed = text.trim();
  const tapped = /^csat:([1-5])$/i.exec(trimmed);
  if (tapped) return { score: Number(tapped[1]), from: "button" };
  const latin = trimmed.replace(/[๐-๙]/g, (digit) => String(thaiDigits.indexOf(digit)));
  // The button's own words typed or pasted back ("😄 5") count as the number.
  const number = /^(?:\p{Extended_Pictographic}\uFE0F?\s*)?([1-5])(?:\s*\/\s*5)?\s*[.!]?$/u.exec(
    latin,
  );
  return number ? { score: Number(number[1]), from: "number" } : null;
}
