import { Link, useLocation } from "react-router";
import { localizePath } from "~/i18n/locale";
import { useCommonMessages } from "~/i18n/messages";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";

/** EN/TH: the same page in the other language (adds or removes /th), keeping query and hash. */
export function LanguageToggle({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  const locale = useLocale();
  const location = useLocation();
  const messages = useCommonMessages();
  const other = locale === "en" ? "th" : "en";
  const to = `${localizePath(location.pathname, other)}${location.search}${location.hash}`;
  return (
    <Link
      to={to}
      hrefLang={other}
      aria-label={messages.nav.switchLanguage}
      onClick={onNavigate}
      className={cn(
        "inline-flex h-9 items-center rounded-md border px-2.5 font-semibold text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <span className={locale === "en" ? "text-primary" : "text-muted-foreground"}>EN</span>
      <span aria-hidden="true" className="px-1 text-muted-foreground">
        /
      </span>
      <span className={locale === "th" ? "text-primary" : "text-muted-foreground"}>TH</span>
    </Link>
  );
}
