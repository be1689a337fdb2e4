import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requireSameOrigin } from "../http/require-same-origin";
import type { NotifiedMember } from "../modules/notifications/notification-settings";
import type { AppServices } from "../services/app-services";

/** Bodies here are a subscription or the preferences: small. */
const bodyLimit = 16 * 1024;

/**
 * A member's own alerts, `/api/console/notifications/*`, for any role (agents included): the
 * preferences in the current workspace, the browsers that get notifications, and a test. Like
 * the rest of the console: signed in (401), writes from our own pages (403), JSON within the
 * limit (413 / 415), never cached.
 */
export function createNotificationsApi(services: AppServices, publicUrl: string) {
  const api = new Hono<AppEnv>();
  const notifications = services.notifications;
  const memberOf = async (c: Context<AppEnv>): Promise<NotifiedMember> => {
    const member = await services.accounts.requireMember(c, "agent");
    return {
      userId: member.userId,
      email: member.email,
      name: member.name,
      emailVerified: member.emailVerified,
      locale: member.locale,
      workspaceId: member.workspaceId,
      workspaceName: member.workspaceName,
      role: member.role,
    };
  };

  api.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  api.use("*", requireSameOrigin(publicUrl));
  const small = jsonBody(bodyLimit);

  api.get("/push-key", async (c) => {
    await memberOf(c);
    return c.json(notifications.pushKey());
  });
  api.get("/preferences", async (c) => c.json(await notifications.get(await memberOf(c))));
  api.put("/preferences", small, async (c) => {
    const member = await memberOf(c);
    return c.json(await notifications.update(member, await readJsonBody(c)));
  });
  api.post("/push-subscriptions", small, async (c) => {
    const member = await memberOf(c);
    const saved = await notifications.subscribe(
      member,
      await readJsonBody(c),
      c.req.header("user-agent") ?? null,
    );
    return c.json(saved, 201);
  });
  api.delete("/push-subscriptions", small, async (c) => {
    const member = await memberOf(c);
    await notifications.unsubscribe(member, await readJsonBody(c));
    return c.body(null, 204);
  });
  api.post("/test", async (c) => c.json(await notifications.sendTest(await memberOf(c))));

  return api;
}
