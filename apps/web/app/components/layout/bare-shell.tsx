import { type ReactNode, useEffect } from "react";
import { markHydrated } from "./error-page";

/**
 * The shell of pages that belong to a bot's owner, not to us (the hosted bot page, the widget's
 * iframe): no site header or footer, only the content.
 */
export function BareShell({ children }: { children: ReactNode }) {
  useEffect(() => {
    markHydrated();
    // Lets browser tests wait for interactivity.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <main id="main-content">{children}</main>;
}
