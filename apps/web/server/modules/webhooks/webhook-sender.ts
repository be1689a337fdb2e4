import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { SendResult } from "@jai/channels";
import { and, type Db, type DeliveryRow, eq, webhookEndpoints } from "@jai/db";
import type { DeliverySender } from "../../jobs/delivery-senders";
import type { SecretBox } from "../../services/console/secret-box";
import { vetWebhookTarget, WebhookTargetError } from "./ssrf-guard";
import { signatureHeader, signWebhook } from "./webhook-signature";

/** How long a receiver has to answer, and the most of its answer read (for the log). */
export const webhookSendLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 } as const;

/**
 * Sends `webhook` deliveries: the stored payload as JSON, signed with the endpoint's secret,
 * to its URL, connecting only to the address vetted just before (see ssrf-guard.ts). 2xx is
 * delivered; 410 Gone turns the endpoint off; 408, 429 and 5xx, timeouts and network errors are
 * retried (with Retry-After); any other status is not (the receiver refused this payload).
 */
export function createWebhookSender({
  db,
  secretBox,
  allowPrivate,
  now = Date.now,
}: {
  db: Db;
  secretBox: SecretBox;
  allowPrivate: boolean;
  now?: () => number;
}): DeliverySender {
  return {
    async send(delivery: DeliveryRow, signal: AbortSignal): Promise<SendResult> {
      const [endpoint] = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, delivery.targetId));
      if (!endpoint) return { ok: false, retryable: false, error: "the endpoint was deleted" };
      if (!endpoint.enabled) return { ok: false, retryable: false, error: "the endpoint is off" };
      let secret: string;
      try {
        secret = secretBox.open(endpoint.secretSealed);
      } catch {
        return { ok: false, retryable: false, error: "the endpoint's secret cannot be read" };
      }
      let target: Awaited<ReturnType<typeof vetWebhookTarget>>;
      try {
        target = await vetWebhookTarget(endpoint.url, { allowPrivate });
      } catch (error) {
        const problem = error instanceof WebhookTargetError ? error.problem : "invalidUrl";
        // A name that stops resolving may come back; a private address will not.
        return { ok: false, retryable: problem === "unresolvable", error: `refused: ${problem}` };
      }
      const body = JSON.stringify(delivery.payload);
      const result = await postJson(
        target,
        body,
        {
          "Content-Type": "application/json",
          "User-Agent": "Jai-Webhooks/1",
          "X-Jai-Event": delivery.event,
          "X-Jai-Delivery": delivery.id,
          [signatureHeader]: signWebhook(secret, body, Math.floor(now() / 1000)),
        },
        signal,
      );
      if (!result.ok && result.statusCode === 410) {
        await db
          .update(webhookEndpoints)
          .set({ enabled: false, updatedAt: new Date() })
          .where(and(eq(webhookEndpoints.id, endpoint.id)));
        return { ...result, retryable: false, error: `${result.error} (endpoint turned off)` };
      }
      return result;
    },
  };
}

/** One POST to the vetted address; never throws. */
function postJson(
  target: { url: URL; address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<SendResult> {
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
      {
        method: "POST",
        headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
        lookup,
        timeout: webhookSendLimits.timeoutMs,
        signal,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < webhookSendLimits.maxResponseBytes) text += chunk;
          else response.destroy();
        });
        const finish = () => {
          if (statusCode >= 200 && statusCode < 300) {
            resolve({ ok: true, statusCode });
            return;
          }
          const retryAfter = Number(response.headers["retry-after"]);
          resolve({
            ok: false,
            retryable: statusCode === 408 || statusCode === 429 || statusCode >= 500,
            statusCode,
            error: `HTTP ${statusCode}${text ? `: ${text.replace(/\s+/g, " ").slice(0, 300)}` : ""}`,
            ...(Number.isFinite(retryAfter) && retryAfter >= 0
              ? { retryAfterSeconds: retryAfter }
              : {}),
          });
        };
        response.on("end", finish);
        response.on("close", finish);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) =>
      resolve({
        ok: false,
        retryable: true,
        error:
          error.message === "timed out"
            ? "timed out"
            : `network error: ${(error as NodeJS.ErrnoException).code ?? error.name}`,
      }),
    );
    request.end(body);
  });
}
