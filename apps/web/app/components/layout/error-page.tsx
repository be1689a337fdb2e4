import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { useCommonMessages } from "~/i18n/messages";
import { LocaleLink } from "./locale-link";

// Set once the app has hydrated: an error after that happened during a client-side navigation.
let hasHydrated = false;
export function markHydrated() {
  hasHydrated = true;
}

/** The designed, localized page for unexpected errors (never the router's default screen). */
export function ErrorPage({ error }: { error: unknown }) {
  const messages = useCommonMessages();
  const text = messages.errorPage;

  useEffect(() => {
    // A route's error response is a plain object the console would print by its (minified) class
    // name alone: logged by its status instead.
    console.error(
      isRouteErrorResponse(error) ? `Route error: ${error.status} ${error.statusText}` : error,
    );
    if (hasHydrated) {
      toast.error(messages.navigationError.title, {
        description: messages.navigationError.description,
      });
    }
    hasHydrated = true;
  }, [error, messages]);

  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{text.title}</title>
      <p className="font-bold text-6xl text-primary">{status}</p>
      <h1 className="mt-4 font-bold text-3xl">{text.heading}</h1>
      <p className="mt-3 text-muted-foreground">{text.text}</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>{text.retry}</Button>
        <Button asChild variant="outline">
          <LocaleLink to="/">{text.returnHome}</LocaleLink>
        </Button>
      </div>
    </section>
  );
}
