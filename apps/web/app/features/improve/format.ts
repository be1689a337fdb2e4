import { type Locale, localeTag } from "~/i18n/locale";

export type ImproveFormats = {
  /** 1,234 (Thai-locale digits on Thai pages). */
  count(value: number): string;
  /** 0.123 → 12.3% */
  percent(share: number): string;
  /** A moment in the viewer's time zone: "27 Nov 2026, 14:05" (Thai: the Buddhist year). */
  when(iso: string): string;
};

const cache = new Map<Locale, ImproveFormats>();

/** The page's numbers and dates in its language (formatters are made once per language). */
export function improveFormats(locale: Locale): ImproveFormats {
  let formats = cache.get(locale);
  if (formats) return formats;
  const tag = localeTag(locale);
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 });
  const moment = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" });
  formats = {
    count: (value) => integer.format(value),
    percent: (share) => percent.format(share),
    when: (iso) => moment.format(new Date(iso)),
  };
  cache.set(locale, formats);
  return formats;
}
