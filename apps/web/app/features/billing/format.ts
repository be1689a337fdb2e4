import { type Locale, localeTag } from "~/i18n/locale";

/**
 * Money and dates on the billing page and the plan banners. Amounts arrive in satang; they are
 * shown with ฿ and Thai digit grouping in both languages (as the pricing page does), with
 * satang only when there are some. Dates are days in Bangkok (where invoices are dated), Thai
 * pages in the Buddhist era, so the server's render and the browser's agree.
 */
const timeZone = "Asia/Bangkok";
const wholeBaht = new Intl.NumberFormat("th-TH", { maximumFractionDigits: 0 });
const bahtAndSatang = new Intl.NumberFormat("th-TH", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 249000 → "฿2,490"; 123456 → "฿1,234.56"; negative (a credit) → "-฿100". */
export function formatSatang(satang: number): string {
  const sign = satang < 0 ? "-" : "";
  const abs = Math.abs(satang);
  const text = abs % 100 === 0 ? wholeBaht.format(abs / 100) : bahtAndSatang.format(abs / 100);
  return `${sign}฿${text}`;
}

const dateCache = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = dateCache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag(locale), {
      timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    });
    dateCache.set(key, format);
  }
  return format;
}

/** "15 Jan 2026" / "15 ม.ค. 2569" (Bangkok's day). */
export function formatDay(iso: string, locale: Locale): string {
  return dateFormat(locale, false).format(new Date(iso));
}

/** "15 Jan 2026, 14:05" / "15 ม.ค. 2569 14:05" (Bangkok's time). */
export function formatMoment(iso: string, locale: Locale): string {
  return dateFormat(locale, true).format(new Date(iso));
}

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days left until `iso` (rounded up; 0 once it has passed). */
export function daysLeft(iso: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now.getTime()) / dayMs));
}
