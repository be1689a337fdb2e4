import { LegalPage } from "~/features/legal/legal-page";
import { legalMessages } from "~/features/legal/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/privacy-policy";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const texts = legalMessages[locale].pages["privacy-policy"];
  return pageMeta({
    locale,
    path: "/privacy-policy",
    title: texts.meta.title,
    description: texts.meta.description,
    publicUrl: getPublicUrl(matches),
  });
}

export default function PrivacyPolicyRoute() {
  return <LegalPage documentId="privacy-policy" />;
}
