import { type BusinessHours, defaultBusinessHours } from "@jai/contracts/inbox";

/** Where an instant falls in a time zone: the weekday (0 = Sunday) and minutes since midnight. */
export function zonedClock(at: Date, timeZone: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: safeZone(timeZone),
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { day: Math.max(day, 0), minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

/** An unknown zone (a stale setting) counts as Bangkok rather than failing a chat turn. */
function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return timeZone;
  } catch {
    return defaultBusinessHours.timeZone;
  }
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether people answer at this instant. Hours switched off: always. */
export function isOpenAt(hours: BusinessHours | null | undefined, at: Date): boolean {
  if (!hours?.enabled) return true;
  const { day, minutes } = zonedClock(at, hours.timeZone);
  return hours.days.some(
    (slot) =>
      slot.day === day && toMinutes(slot.open) <= minutes && minutes < toMinutes(slot.close),
  );
}

/**
 * When people answer next: the next opening after `at` within a week, as the weekday, the
 * time and how many days ahead (0 today, 1 tomorrow); null when the schedule has no opening.
 */
export function nextOpening(
  hours: BusinessHours,
  at: Date,
): { day: number; time: string; daysAhead: number } | null {
  const { day, minutes } = zonedClock(at, hours.timeZone);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const weekday = (day + ahead) % 7;
    const slots = hours.days
      .filter((slot) => slot.day === weekday)
      .filter((slot) => ahead > 0 || toMinutes(slot.open) > minutes)
      .sort((a, b) => toMinutes(a.open) - toMinutes(b.open));
    const slot = slots[0];
    if (slot) return { day: weekday, time: slot.open, daysAhead: ahead };
  }
  return null;
}
