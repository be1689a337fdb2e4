import { type Locale, localeTag } from "~/i18n/locale";

/**
 * The dashboard's numbers, money, percentages, durations and days in the page's language: Thai
 * pages get Thai-locale numbers and Buddhist-era dates, English pages English. Days are
 * "YYYY-MM-DD" calendar days already in the workspace's time zone, so they are formatted as UTC
 * dates: the server's render and the browser's agree whatever zone either runs in.
 */
export type Formats = ReturnType<typeof createFormats>;

const cache = new Map<Locale, Formats>();

/** The formatters of one language (made once: Intl formatters are costly to build). */
export function formatsFor(locale: Locale): Formats {
  let formats = cache.get(locale);
  if (!formats) {
    formats = createFormats(locale);
    cache.set(locale, formats);
  }
  return formats;
}

function createFormats(locale: Locale) {
  const tag = localeTag(locale);
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 });
  const baht = new Intl.NumberFormat(tag, {
    style: "currency",
    currency: "THB",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const unit = (name: "second" | "minute" | "hour" | "day") =>
    new Intl.NumberFormat(tag, {
      style: "unit",
      unit: name,
      unitDisplay: locale === "th" ? "long" : "short",
      maximumFractionDigits: 1,
    });
  const units = {
    second: unit("second"),
    minute: unit("minute"),
    hour: unit("hour"),
    day: unit("day"),
  };
  const utc = { timeZone: "UTC" } as const;
  const dayShort = new Intl.DateTimeFormat(tag, { ...utc, day: "numeric", month: "short" });
  const dayFull = new Intl.DateTimeFormat(tag, {
    ...utc,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  // Thai ranges name the era ("พ.ศ. 2568") so the Buddhist year cannot be read as a typo.
  const range = new Intl.DateTimeFormat(tag, {
    ...utc,
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(locale === "th" ? { era: "short" } : {}),
  });
  const weekdayLong = new Intl.DateTimeFormat(tag, { ...utc, weekday: "long" });
  const weekdayShort = new Intl.DateTimeFormat(tag, { ...utc, weekday: "short" });

  return {
    locale,
    /** 1,234 */
    count: (value: number) => integer.format(value),
    /** 4.3 */
    decimal: (value: number) => decimal.format(value),
    /** 0.123 → 12.3% */
    percent: (share: number) => percent.format(share),
    /** ฿1,234.50 */
    baht: (value: number) => baht.format(value),
    /** A duration in words: 1.5 s, 12 min, 3 h (Thai: 1.5 วินาที, 12 นาที, 3 ชั่วโมง). */
    duration(ms: number) {
      if (ms < 60_000) return units.second.format(ms / 1000);
      if (ms < 3_600_000) return units.minute.format(ms / 60_000);
      if (ms < 86_400_000) return units.hour.format(ms / 3_600_000);
      return units.day.format(ms / 86_400_000);
    },
    /** "2025-01-14" → 14 Jan / 14 ม.ค. */
    dayShort: (day: string) => dayShort.format(utcDate(day)),
    /** "2025-01-14" → Tue, 14 Jan 2025 / อ. 14 ม.ค. 2568 */
    dayFull: (day: string) => dayFull.format(utcDate(day)),
    /** A period: 14 Jan – 20 Feb 2025 / 14 ม.ค. – 20 ก.พ. พ.ศ. 2568 */
    range: (from: string, to: string) =>
      from === to ? range.format(utcDate(from)) : range.formatRange(utcDate(from), utcDate(to)),
    /** 0 = Sunday … 6 = Saturday → Monday / วันจันทร์ */
    weekday: (weekday: number) => weekdayLong.format(sundayPlus(weekday)),
    weekdayShort: (weekday: number) => weekdayShort.format(sundayPlus(weekday)),
    /** A moment (ISO) as a time of day in the workspace's zone, with the date when not today. */
    moment(iso: string, timeZone: string, now = new Date()) {
      const at = new Date(iso);
      const sameDay =
        new Intl.DateTimeFormat("en-CA", { timeZone }).format(at) ===
        new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
      return new Intl.DateTimeFormat(tag, {
        timeZone,
        ...(sameDay ? {} : { day: "numeric", month: "short" }),
        hour: "2-digit",
        minute: "2-digit",
      }).format(at);
    },
  };
}

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);
// 2023-01-01 was a Sunday.
const sundayPlus = (weekday: number) => new Date(Date.UTC(2023, 0, 1 + weekday));

/** The number of calendar days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000) + 1;
}

/** Whether a share (0–1) or count moved up, down, or is new (nothing before). */
export type Change =
  | { kind: "none" }
  | { kind: "new" }
  | { kind: "same" }
  | {
      kind: "up" | "down";
      /**
       * percent: a share of the previous value (0.12 = 12%); points: percentage points; score:
       * the difference itself (a 1–5 average).
       */
      unit: "percent" | "points" | "score";
      amount: number;
    };

/**
 * The change of a figure against the previous period. Counts and durations change by a percent
 * of the previous value; rates (0–1) by percentage points, since "+50%" of a 2% rate misleads;
 * scores (a 1–5 average) by the difference.
 */
export function changeOf(
  now: number | null,
  before: number | null,
  kind: "count" | "rate" | "score" = "count",
): Change {
  if (now === null) return { kind: "none" };
  if (before === null) return now === 0 ? { kind: "none" } : { kind: "new" };
  if (kind === "score") {
    const difference = now - before;
    if (Math.abs(difference) < 0.05) return { kind: "same" };
    return { kind: difference > 0 ? "up" : "down", unit: "score", amount: Math.abs(difference) };
  }
  if (kind === "rate") {
    const points = (now - before) * 100;
    if (Math.abs(points) < 0.05) return { kind: "same" };
    return { kind: points > 0 ? "up" : "down", unit: "points", amount: Math.abs(points) };
  }
  if (before === 0) return now === 0 ? { kind: "same" } : { kind: "new" };
  const share = (now - before) / before;
  if (Math.abs(share) < 0.0005) return { kind: "same" };
  return { kind: share > 0 ? "up" : "down", unit: "percent", amount: Math.abs(share) };
}
