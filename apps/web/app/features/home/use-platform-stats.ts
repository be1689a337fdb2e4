import { type RefObject, useEffect, useState } from "react";

export type PlatformStats = { bots: number; conversations: number; messages: number };

const statKeys = ["bots", "conversations", "messages"] as const;

/** Accepts `{ bots, conversations, messages }` of non-negative finite numbers; anything else is null. */
export function parsePlatformStats(value: unknown): PlatformStats | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of statKeys) {
    const figure = record[key];
    if (typeof figure !== "number" || !Number.isFinite(figure) || figure < 0) return null;
  }
  return {
    bots: record.bots as number,
    conversations: record.conversations as number,
    messages: record.messages as number,
  };
}

/**
 * Live platform figures from `GET /api/stats`, or null while unknown. The page is prerendered with
 * the placeholder sentence; figures replace it only when the API answers 200 with at least one
 * figure above zero. Any failure (404 before the endpoint exists, network, bad JSON) keeps the
 * sentence. The request waits until the section nears the viewport, so visitors who never scroll
 * that far cost the database nothing and the first paint never competes with it.
 */
export function usePlatformStats(sectionRef: RefObject<Element | null>): PlatformStats | null {
  const [stats, setStats] = useState<PlatformStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let observer: IntersectionObserver | undefined;

    const load = async () => {
      try {
        const response = await fetch("/api/stats", {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (response.status !== 200) return;
        const parsed = parsePlatformStats(await response.json());
        if (parsed && statKeys.some((key) => parsed[key] > 0)) setStats(parsed);
      } catch {
        // Keep the placeholder sentence: the figures are a bonus, never an error for the visitor.
      }
    };

    const element = sectionRef.current;
    if (element && typeof IntersectionObserver !== "undefined") {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer?.disconnect();
            void load();
          }
        },
        { rootMargin: "400px 0px" },
      );
      observer.observe(element);
    } else {
      void load();
    }

    return () => {
      observer?.disconnect();
      controller.abort();
    };
  }, [sectionRef]);

  return stats;
}
