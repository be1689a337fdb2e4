import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { getLocaleFromPath } from "~/i18n/locale";
import { commonMessages, useCommonMessages } from "~/i18n/messages";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.error("404 Error: User attempted to access non-existent route:", pathname);
  return data({ pathname }, { status: 404 });
}

export function meta({ location }: Route.MetaArgs) {
  const messages = commonMessages[getLocaleFromPath(location.pathname)];
  return [{ title: messages.notFound.title }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const messages = useCommonMessages();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-bold text-7xl text-primary">{messages.notFound.heading}</h1>
      <p className="mt-4 text-muted-foreground text-xl">{messages.notFound.text}</p>
      <Button asChild variant="link" size="lg" className="mt-6 text-base">
        <LocaleLink to="/">{messages.notFound.returnHome}</LocaleLink>
      </Button>
    </section>
  );
}
