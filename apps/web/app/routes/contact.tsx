import { brand } from "@jai/contracts";
import { ContactPage } from "~/features/contact/contact-page";
import { contactMessages } from "~/features/contact/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/contact";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const m = contactMessages[locale];
  return pageMeta({
    locale,
    path: "/contact",
    title: m.meta.title,
    description: m.meta.description(brand.name),
    publicUrl: getPublicUrl(matches),
  });
}

export default function ContactRoute() {
  return <ContactPage />;
}
