import { buildHomeJsonLd } from "~/features/home/home-json-ld";
import { HomePage } from "~/features/home/home-page";
import { homeMessages } from "~/features/home/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/home";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const m = homeMessages[locale];
  const publicUrl = getPublicUrl(matches);
  return pageMeta({
    locale,
    path: "/",
    title: m.meta.title,
    description: m.meta.description,
    publicUrl,
    jsonLd: buildHomeJsonLd({ publicUrl, locale, description: m.meta.description }),
  });
}

export default function HomeRoute() {
  return <HomePage />;
}
