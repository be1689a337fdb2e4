import { teamMessages } from "~/features/team/messages";
import { TeamPage } from "~/features/team/team-page";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/team";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const m = teamMessages[locale];
  return pageMeta({
    locale,
    path: "/team",
    title: m.meta.title,
    description: m.meta.description,
    publicUrl: getPublicUrl(matches),
  });
}

export default function TeamRoute() {
  return <TeamPage />;
}
