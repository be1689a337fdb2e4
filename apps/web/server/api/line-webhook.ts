import { lineWebhookMaxBytes } from "@jai/channels/line/index";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import type { AppServices } from "../services/app-services";

/**
 * `POST /api/webhooks/line/:connectionId`: where LINE sends a connected bot's events. Answers
 * with a status and an empty JSON object only (LINE reads nothing else): 200 once the events
 * are stored (before any model call), 401 for a bad signature, 404 for an unknown connection,
 * 400 for a body that is not LINE's, 413 over 1 MB. See modules/channels/line/line-webhook.ts.
 */
export function createLineWebhookApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  api.post(
    "/:connectionId",
    bodyLimit({ maxSize: lineWebhookMaxBytes, onError: (c) => c.json({}, 413) }),
    async (c) => {
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      const outcome = await services.line.receive({
        connectionId: c.req.param("connectionId"),
        rawBody,
        signature: c.req.header("x-line-signature") ?? null,
      });
      return c.json({}, outcome.status);
    },
  );
  return api;
}
