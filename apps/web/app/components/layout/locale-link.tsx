import type { ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { localizePath } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";

type LocaleLinkProps = Omit<ComponentProps<typeof Link>, "to"> & {
  /** An English path ("/pricing", "/#channels"); on Thai pages it gets the /th prefix. */
  to: string;
};

/** Splits "/path#hash" so only the path is localized. */
function localizeTarget(to: string, locale: "en" | "th"): string {
  const hashIndex = to.indexOf("#");
  const path = hashIndex === -1 ? to : to.slice(0, hashIndex);
  const hash = hashIndex === -1 ? "" : to.slice(hashIndex);
  return `${localizePath(path || "/", locale)}${hash}`;
}

export function LocaleLink({ to, ...props }: LocaleLinkProps) {
  const locale = useLocale();
  return <Link to={localizeTarget(to, locale)} {...props} />;
}

type LocaleNavLinkProps = Omit<ComponentProps<typeof NavLink>, "to"> & { to: string };

export function LocaleNavLink({ to, ...props }: LocaleNavLinkProps) {
  const locale = useLocale();
  return <NavLink to={localizeTarget(to, locale)} {...props} />;
}

export function useLocalizedPath(): (to: string) => string {
  const locale = useLocale();
  return (to) => localizeTarget(to, locale);
}
