/**
 * The browser's side of Web Push: the service worker (public/push-sw.js, served from the site's
 * root so it may show notifications for every page), the permission, and the subscription made
 * with the server's VAPID public key. Browser-only: call from effects and event handlers.
 */

export const pushWorkerUrl = "/push-sw.js";

/** "unsupported": no service worker or Push API; "blocked": the person or browser said no. */
export type BrowserPushState = "unsupported" | "blocked" | "off" | "on";

export function isPushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** This browser's subscription, if it has one (without asking for anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function browserPushState(): Promise<BrowserPushState> {
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) ? "on" : "off";
}

/** The VAPID key as the Push API takes it (the server gives base64url). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/**
 * Registers the service worker, asks for permission (the browser's own prompt, so call it from
 * a click) and subscribes with the server's key; a subscription made with another key (the
 * server's keys changed) is replaced. Resolves with the subscription, or why there is none.
 */
export async function subscribeBrowser(
  publicKey: string,
): Promise<PushSubscription | "unsupported" | "blocked" | "dismissed"> {
  if (!isPushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "dismissed";
  await navigator.serviceWorker.register(pushWorkerUrl, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** Ends this browser's subscription; resolves with its endpoint (for the server to forget). */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  return endpoint;
}
