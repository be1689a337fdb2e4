import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type webpushTypes from "web-push";
import { vetWebhookTarget, WebhookTargetError } from "../webhooks/ssrf-guard";
import type { VapidKeys } from "./vapid-keys";

/** A browser's subscription, as stored. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the service worker (public/push-sw.js) shows: a title, a line, where a click goes. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushResult =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      /** 404 / 410: the browser unsubscribed or the subscription expired (delete it). */
      gone: boolean;
      statusCode?: number;
      /** In words, for `push_subscriptions.last_error`: never a key or the payload. */
      error: string;
    };

export type SendWebPushOptions = {
  vapid: VapidKeys;
  /** ALLOW_PRIVATE_WEBHOOKS: http and private addresses (tests, local development). */
  allowPrivate: boolean;
  /** How long the push service keeps it for an offline browser (an alert is stale after). */
  ttlSeconds?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
};

/** The longest title and body sent (Thai is 3 bytes a character; the payload limit is 4 KB). */
const maxTitle = 120;
const maxBody = 600;

/**
 * Sends one Web Push (RFC 8030) to a browser's push service: the payload encrypted for the
 * subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), by
 * web-push. The request itself goes to the address vetted like an outgoing webhook's (a member
 * types nothing, but a crafted subscription could name any URL), over https unless
 * `allowPrivate`. Never throws.
 */
export async function sendWebPush(
  target: PushTarget,
  message: PushMessage,
  { vapid, allowPrivate, ttlSeconds = 3600, timeoutMs = 10_000, signal }: SendWebPushOptions,
): Promise<PushResult> {
  let vetted: Awaited<ReturnType<typeof vetWebhookTarget>>;
  try {
    vetted = await vetWebhookTarget(target.endpoint, { allowPrivate });
  } catch (error) {
    const problem = error instanceof WebhookTargetError ? error.problem : "invalidUrl";
    // A push service's name that stops resolving may come back; any other refusal will not.
    return { ok: false, gone: problem !== "unresolvable", error: `refused: ${problem}` };
  }
  const payload = JSON.stringify({
    title: message.title.slice(0, maxTitle),
    body: message.body.slice(0, maxBody),
    url: message.url,
    tag: message.tag,
  });
  // Loaded with the first push, not with the server.
  const { default: webpush } = await import("web-push");
  let details: ReturnType<typeof webpushTypes.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency: "high",
        contentEncoding: "aes128gcm",
      },
    );
  } catch (error) {
    // Keys a browser would never make (validated on subscribe; a row edited by hand).
    const text = error instanceof Error ? error.message : String(error);
    return { ok: false, gone: true, error: `cannot encrypt for this subscription: ${text}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  return post(vetted, headers, details.body as Buffer | null, timeoutMs, signal);
}

function post(
  target: { url: URL; address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: Buffer | null,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<PushResult> {
  // The connection goes to the address that was checked, whatever DNS says now.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target.url,
      { method: "POST", headers, lookup, timeout: timeoutMs, ...(signal ? { signal } : {}) },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < 2000) text += chunk;
        });
        response.on("end", () => {
          if (statusCode >= 200 && statusCode < 300) {
            resolve({ ok: true, statusCode });
            return;
          }
          const said = text.replace(/\s+/g, " ").trim().slice(0, 200);
          resolve({
            ok: false,
            gone: statusCode === 404 || statusCode === 410,
            statusCode,
            error: `push service answered ${statusCode}${said ? `: ${said}` : ""}`,
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) =>
      resolve({
        ok: false,
        gone: false,
        error:
          error.message === "timed out"
            ? "the push service did not answer in time"
            : `push service unreachable: ${(error as NodeJS.ErrnoException).code ?? error.name}`,
      }),
    );
    request.end(body ?? undefined);
  });
}
