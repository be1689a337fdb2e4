import { useEffect, useState } from "react";
import { localeTag } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";

/**
 * A moment in the owner's time zone and language. The server does not know the zone, so the
 * first render shows the UTC date only and the browser fills in the rest: no hydration mismatch.
 */
export function LocalTime({
  iso,
  withTime = true,
  className,
}: {
  iso: string;
  withTime?: boolean;
  className?: string;
}) {
  const locale = useLocale();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(
      new Intl.DateTimeFormat(localeTag(locale), {
        dateStyle: "medium",
        ...(withTime ? { timeStyle: "short" } : {}),
      }).format(new Date(iso)),
    );
  }, [iso, locale, withTime]);
  return (
    <time dateTime={iso} className={className}>
      {text ?? iso.slice(0, 10)}
    </time>
  );
}
