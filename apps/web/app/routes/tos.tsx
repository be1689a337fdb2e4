import { LegalPage } from "~/features/legal/legal-page";
import { legalMessages } from "~/features/legal/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/tos";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const texts = legalMessages[locale].pages["terms-of-service"];
  return pageMeta({
    locale,
    path: "/tos",
    title: texts.meta.title,
    description: texts.meta.description,
    publicUrl: getPublicUrl(matches),
  });
}

export default function TermsOfServiceRoute() {
  return <LegalPage documentId="terms-of-service" />;
}
