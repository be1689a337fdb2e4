import { personaBuilderMessages } from "~/features/persona-builder/messages";
import { PersonaBuilderPage } from "~/features/persona-builder/persona-builder-page";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/persona-builder";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const m = personaBuilderMessages[locale];
  return pageMeta({
    locale,
    path: "/persona-builder",
    title: m.meta.title,
    description: m.meta.description,
    publicUrl: getPublicUrl(matches),
  });
}

export default function PersonaBuilderRoute() {
  return <PersonaBuilderPage />;
}
