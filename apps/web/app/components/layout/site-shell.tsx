import { type ReactNode, useEffect } from "react";
import { useCommonMessages } from "~/i18n/messages";
import { markHydrated } from "./error-page";
import { Footer } from "./footer";
import { Header } from "./header";

export function SiteShell({ children }: { children: ReactNode }) {
  const messages = useCommonMessages();
  useEffect(() => {
    markHydrated();
    // Lets browser tests wait for interactivity.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        {messages.skipToContent}
      </a>
      <Header />
      <main id="main-content" className="min-h-[60vh] pt-16">
        {children}
      </main>
      <Footer />
    </>
  );
}
