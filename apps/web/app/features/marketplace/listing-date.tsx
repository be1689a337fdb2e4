import { useEffect, useState } from "react";
import { localeTag } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";

/**
 * A date in the reader's time zone and language. The server does not know the zone, so the
 * first render shows the UTC date and the browser fills in its own: no hydration mismatch.
 */
export function ListingDate({ iso }: { iso: string }) {
  const locale = useLocale();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(
      new Intl.DateTimeFormat(localeTag(locale), { dateStyle: "medium" }).format(new Date(iso)),
    );
  }, [iso, locale]);
  return <time dateTime={iso}>{text ?? iso.slice(0, 10)}</time>;
}
