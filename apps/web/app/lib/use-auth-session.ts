import { useEffect, useState } from "react";
import type { ClientSession } from "~/lib/accounts-client";
import { hasSessionHint, isSessionHintChange, sessionHintEvent } from "~/lib/session-hint";

/**
 * The signed-in owner for UI on every page (the header): undefined until known, then kept
 * current by the session events of this tab and the others. The accounts client is loaded only
 * in browsers that have signed in (or once one signs in), so anonymous visitors pay for none of
 * it.
 */
export function useAuthSession(): ClientSession | undefined {
  const [session, setSession] = useState<ClientSession | undefined>(undefined);
  useEffect(() => {
    let isActive = true;
    let isStarted = false;
    let stop: (() => void) | undefined;
    const start = () => {
      if (isStarted || !hasSessionHint()) return;
      isStarted = true;
      void import("~/lib/accounts-client").then(({ onAuthEvent }) => {
        if (isActive) stop = onAuthEvent((event) => setSession(event.session));
      });
    };
    const onStorage = (event: StorageEvent) => {
      if (isSessionHintChange(event)) start();
    };
    if (hasSessionHint()) start();
    else setSession(null);
    window.addEventListener(sessionHintEvent, start);
    window.addEventListener("storage", onStorage);
    return () => {
      isActive = false;
      stop?.();
      window.removeEventListener(sessionHintEvent, start);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return session;
}
