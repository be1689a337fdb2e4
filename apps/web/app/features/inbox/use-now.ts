import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `everyMs`; null on the server and the first render, so
 * relative times ("12 min") never differ between the server's HTML and the browser's.
 */
export function useNow(everyMs = 30_000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
