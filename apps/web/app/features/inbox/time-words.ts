import { type Locale, localeTag } from "~/i18n/locale";
import type { InboxMessages } from "./messages";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * When something happened, as short as a list row allows: "now", "12 min", "3 h", "yesterday",
 * a weekday within the week, then the date (with the year when it is not this year).
 */
export function shortAgo(iso: string, now: Date, locale: Locale, m: InboxMessages): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < minute) return m.time.now;
  if (ago < hour) return m.time.minutes(Math.floor(ago / minute));
  const days = Math.round((startOfDay(now) - startOfDay(at)) / day);
  if (days === 0) return m.time.hours(Math.floor(ago / hour));
  if (days === 1) return m.time.yesterday;
  const tag = localeTag(locale);
  if (days < 7) return new Intl.DateTimeFormat(tag, { weekday: "short" }).format(at);
  return new Intl.DateTimeFormat(tag, {
    day: "numeric",
    month: "short",
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  }).format(at);
}

/** A span of time in words: "less than a minute", "12 min", "5 h", "3 days". */
export function duration(ms: number, m: InboxMessages): string {
  if (ms < minute) return m.time.lessThanMinute;
  if (ms < hour) return m.time.minutes(Math.floor(ms / minute));
  if (ms < 2 * day) return m.time.hours(Math.floor(ms / hour));
  return m.time.days(Math.floor(ms / day));
}

/** A moment ahead or behind: the time alone today ("14:00"), with the date otherwise. */
export function moment(iso: string, now: Date, locale: Locale): string {
  const at = new Date(iso);
  const tag = localeTag(locale);
  if (startOfDay(at) === startOfDay(now)) {
    return new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit" }).format(at);
  }
  return new Intl.DateTimeFormat(tag, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  }).format(at);
}

export const snoozePresets = ["hour", "tonight", "tomorrow", "nextWeek"] as const;
export type SnoozePreset = (typeof snoozePresets)[number];

/**
 * When a preset snooze ends, in the teammate's own time zone; null when it does not apply now
 * ("tonight" after 19:00).
 */
export function snoozeUntil(preset: SnoozePreset, now: Date): Date | null {
  const at = (days: number, hours: number) =>
    new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hours, 0, 0, 0);
  switch (preset) {
    case "hour":
      return new Date(now.getTime() + hour);
    case "tonight":
      return now.getHours() < 19 ? at(0, 20) : null;
    case "tomorrow":
      return at(1, 9);
    case "nextWeek": {
      // The next Monday (a week ahead on a Monday).
      const ahead = (8 - now.getDay()) % 7 || 7;
      return at(ahead, 9);
    }
  }
}

/** A `datetime-local` input's value for `date` in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
