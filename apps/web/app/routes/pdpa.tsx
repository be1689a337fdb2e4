import { LegalPage } from "~/features/legal/legal-page";
import { legalMessages } from "~/features/legal/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/pdpa";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const texts = legalMessages[locale].pages.pdpa;
  return pageMeta({
    locale,
    path: "/pdpa",
    title: texts.meta.title,
    description: texts.meta.description,
    publicUrl: getPublicUrl(matches),
  });
}

export default function PdpaRoute() {
  return <LegalPage documentId="pdpa" />;
}
