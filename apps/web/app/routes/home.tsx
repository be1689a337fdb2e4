import { buildHomeJsonLd } from "~/features/home/home-json-ld";
import { HomeMessagesProvider } from "~/features/home/home-messages-context";
import { HomePage } from "~/features/home/home-page";
import { homeMessages } from "~/features/home/messages";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname);
  return { locale, messages: homeMessages[locale] };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { locale, messages } = loaderData;
  const publicUrl = getPublicUrl(matches);
  return pageMeta({
    locale,
    path: "/",
    title: messages.meta.title,
    description: messages.meta.description,
    publicUrl,
    jsonLd: buildHomeJsonLd({ publicUrl, locale, description: messages.meta.description }),
  });
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return (
    <HomeMessagesProvider messages={loaderData.messages}>
      <HomePage />
    </HomeMessagesProvider>
  );
}
