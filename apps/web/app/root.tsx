import latin400 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-latin-400-normal.woff2?url";
import latin700 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-latin-700-normal.woff2?url";
import thai400 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-thai-400-normal.woff2?url";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { BareShell } from "~/components/layout/bare-shell";
import { ErrorPage } from "~/components/layout/error-page";
import { SiteShell } from "~/components/layout/site-shell";
import { Toaster } from "~/components/ui/toaster";
import { localeTag } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";
import { useCspNonce } from "~/lib/csp-nonce";
import { getPublicUrlFromContext } from "~/lib/public-url";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: getPublicUrlFromContext(context) };
}

// The public URL never changes while the app runs: don't refetch it on every navigation.
export function shouldRevalidate() {
  return false;
}

/**
 * The page's language: the site's (from the path), or for a bot's own pages (the hosted page,
 * the widget) the language their loader chose for the bot.
 */
function usePageLocale() {
  const siteLocale = useLocale();
  const matches = useMatches();
  for (const match of matches) {
    const data = match.data as { locale?: unknown } | undefined;
    if (isBare(match.handle) && (data?.locale === "en" || data?.locale === "th")) {
      return data.locale;
    }
  }
  return siteLocale;
}

const isBare = (handle: unknown) => (handle as { bare?: boolean } | undefined)?.bare === true;

export function Layout({ children }: { children: ReactNode }) {
  const locale = usePageLocale();
  // A bot's own pages are one screen, and the widget's frame may not touch sessionStorage (a
  // third-party frame): no scroll restoration there.
  const bare = useMatches().some((match) => isBare(match.handle));
  const nonce = useCspNonce();
  return (
    <html lang={localeTag(locale).slice(0, 2)} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d28d9" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Thai pages need four font files (Thai and Latin, two weights): preloading only the
            regular Thai face leaves the stylesheet more of a slow connection (measured). */}
        {(locale === "th" ? [thai400] : [latin400, latin700]).map((font) => (
          <link
            key={font}
            rel="preload"
            href={font}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        {/* With a precedence React emits the stylesheet ahead of the hoisted script preloads, so
            the one render-blocking request starts first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        {bare ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A bot's own pages (handle.bare) carry none of our header and footer.
  const bare = useMatches().some((match) => isBare(match.handle));
  return bare ? (
    <BareShell>
      <Outlet />
    </BareShell>
  ) : (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteShell>
      <ErrorPage error={error} />
    </SiteShell>
  );
}
