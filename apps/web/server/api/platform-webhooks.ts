import { metaWebhookMaxBytes } from "@jai/channels/meta/index";
import { tiktokWebhookMaxBytes } from "@jai/channels/tiktok/index";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import type { AppServices } from "../services/app-services";

/**
 * Meta's webhook for one Messenger or Instagram connection (see
 * modules/channels/meta/meta-webhook.ts):
 * - `GET /api/webhooks/meta/:connectionId?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`:
 *   the subscription handshake, answered with the challenge as text (403 for a wrong token);
 * - `POST`: verified by `X-Hub-Signature-256`, stored, 200 before any model call; 401 for a bad
 *   signature, 404 for an unknown connection, 400 for a body that is not Meta's, 413 over 1 MB.
 */
export function createMetaWebhookApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  api.get("/:connectionId", async (c) => {
    const outcome = await services.meta.verify({
      connectionId: c.req.param("connectionId"),
      mode: c.req.query("hub.mode") ?? null,
      verifyToken: c.req.query("hub.verify_token") ?? null,
      challenge: c.req.query("hub.challenge") ?? null,
    });
    c.header("Cache-Control", "no-store");
    if (outcome.status !== 200) return c.text("", outcome.status);
    return c.text(outcome.challenge, 200);
  });
  api.post(
    "/:connectionId",
    bodyLimit({ maxSize: metaWebhookMaxBytes, onError: (c) => c.json({}, 413) }),
    async (c) => {
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const outcome = await services.meta.receive({
        connectionId: c.req.param("connectionId"),
        rawBody,
        signature: c.req.header("x-hub-signature-256") ?? null,
      });
      return c.json({}, outcome.status);
    },
  );
  return api;
}

/**
 * `POST /api/webhooks/tiktok/:connectionId`: TikTok's webhook, verified by `TikTok-Signature`
 * (`t=…,s=…`, a stale timestamp refused), stored, 200 before any model call (see
 * modules/channels/tiktok/tiktok-webhook.ts); 413 over 1 MB.
 */
export function createTiktokWebhookApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  api.post(
    "/:connectionId",
    bodyLimit({ maxSize: tiktokWebhookMaxBytes, onError: (c) => c.json({}, 413) }),
    async (c) => {
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const outcome = await services.tiktok.receive({
        connectionId: c.req.param("connectionId"),
        rawBody,
        signature: c.req.header("tiktok-signature") ?? null,
      });
      return c.json({}, outcome.status);
    },
  );
  return api;
}
