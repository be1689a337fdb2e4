import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { listFeedback } from "../modules/feedback/feedback-queries";
import type { AppServices } from "../services/app-services";

/**
 * `/api/console/feedback` (admins): customers' thumbs on the workspace's bot replies, newest
 * first, with the reply, the customer's question before it and the reason; filtered by
 * `botId`, `period` (`today`, `7d`, `30d`, `90d`, `custom` with `from` / `to`) and `rating`,
 * paged with `cursor` (modules/feedback/feedback-queries.ts). A conversation's own feedback is
 * in its transcript and the inbox.
 */
export function createConsoleFeedbackApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  api.get("/", async (c) => {
    const { workspaceId } = await services.accounts.requireMember(c, "admin");
    return c.json(await listFeedback(services.database.db, workspaceId, c.req.query()));
  });
  return api;
}
