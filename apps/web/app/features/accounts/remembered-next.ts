import { safeNextPath } from "./safe-next";

const storageKey = "jai.auth.next";
/** A sign-up finished later than this (a forgotten tab) no longer leads back. */
const maxAgeMs = 24 * 60 * 60 * 1000;

/**
 * Where a visitor who signs up was going (e.g. the persona builder's `?save=1`): the email
 * link opens the verification page, possibly in a new tab, so the path is kept in this
 * browser's storage, not in the link. Only same-site paths (see safe-next.ts).
 */
export function rememberNext(next: string | undefined): void {
  try {
    if (next) localStorage.setItem(storageKey, JSON.stringify({ next, at: Date.now() }));
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode, quota): the visitor lands on the default page instead.
  }
}

/** The remembered path, if recent; forgotten once read. */
export function takeRememberedNext(now = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(storageKey);
    localStorage.removeItem(storageKey);
    if (!raw) return undefined;
    const { next, at } = JSON.parse(raw) as { next?: unknown; at?: unknown };
    if (typeof next !== "string" || typeof at !== "number" || now - at > maxAgeMs) return undefined;
    return safeNextPath(next);
  } catch {
    return undefined;
  }
}
