import {
  type BusinessHours,
  builtInHandoffTexts,
  type HandoffSettings,
} from "@jai/contracts/inbox";
import { isOpenAt, nextOpening } from "./business-hours";

type Language = "th" | "en";

const thaiDays = ["วันอาทิตย์", "วันจันทร์", "วันอังคาร", "วันพุธ", "วันพฤหัสบดี", "วันศุกร์", "วันเสาร์"];
const englishDays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** When someone will reply, in words: "พรุ่งนี้ เวลา 09:00 น.", "on Monday at 09:00". */
export function describeOpening(
  opening: { day: number; time: string; daysAhead: number },
  language: Language,
): string {
  if (language === "th") {
    const when =
      opening.daysAhead === 0 ? "วันนี้" : opening.daysAhead === 1 ? "พรุ่งนี้" : thaiDays[opening.day];
    return `${when} เวลา ${opening.time} น.`;
  }
  const when =
    opening.daysAhead === 0
      ? "today"
      : opening.daysAhead === 1
        ? "tomorrow"
        : `on ${englishDays[opening.day]}`;
  return `${when} at ${opening.time}`;
}

/**
 * What the customer is told when their conversation goes to a person, in their language: the
 * owner's message, or the built-in one; outside business hours the off-hours message with when
 * someone will reply.
 */
export function handoffMessage(input: {
  settings: HandoffSettings;
  hours: BusinessHours | null;
  language: Language;
  /** The persona's gender, for the Thai particle (ค่ะ / ครับ / none). */
  gender: "female" | "male" | "neutral" | string;
  at: Date;
}): string {
  const { settings, hours, language, at } = input;
  const particle = input.gender === "male" ? "ครับ" : input.gender === "female" ? "ค่ะ" : "";
  const open = isOpenAt(hours, at);
  const opening = !open && hours ? nextOpening(hours, at) : null;
  const time = opening ? describeOpening(opening, language) : "";
  const texts = builtInHandoffTexts[language];
  const own = open ? settings.message[language] : settings.offHoursMessage[language];
  const chosen = own.trim() ? own : open ? texts.open : opening ? texts.closed : texts.closedNoTime;
  return chosen
    .replaceAll("{time}", time)
    .replaceAll("{p}", particle)
    .replace(/\s{2,}/g, " ")
    .trim();
}
