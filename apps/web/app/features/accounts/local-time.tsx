import { useEffect, useState } from "react";
import { localeTag } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";

/**
 * A moment in the reader's time zone. The server does not know that zone, so the first render
 * (server and hydration alike) shows the date only in UTC terms, and the browser fills in the
 * rest once hydrated: no hydration mismatch.
 */
export function LocalTime({ iso }: { iso: string }) {
  const locale = useLocale();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(
      new Intl.DateTimeFormat(localeTag(locale), {
        dateStyle: "medium",
        timeStyle: "short",
      }).format(new Date(iso)),
    );
  }, [iso, locale]);
  return <time dateTime={iso}>{text ?? iso.slice(0, 10)}</time>;
}
