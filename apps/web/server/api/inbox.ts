import { inboxLimits } from "@jai/contracts/inbox";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { jsonBody, readJsonBody } from "../http/json-body";
import type { AppServices } from "../services/app-services";

/** A reply may carry an image (a data URL of up to 5 MB, base64). */
const replyBodyLimit = Math.ceil((inboxLimits.replyImageBytes * 4) / 3) + 64 * 1024;
const smallBodyLimit = 64 * 1024;

/**
 * The team inbox's JSON API, mounted inside the console API at `/api/console/inbox` (same-origin
 * writes, no caching). Every route needs a member of the workspace with at least the agent role;
 * managing canned replies needs an admin. Another workspace's ids answer 404.
 */
export function createInboxApi(services: Pick<AppServices, "accounts" | "inbox">) {
  const api = new Hono<AppEnv>();
  const { inbox } = services;
  const actorOf = async (c: Context<AppEnv>) => {
    const member = await services.accounts.requireMember(c, "agent");
    return { userId: member.userId, workspaceId: member.workspaceId, name: firstName(member.name) };
  };
  const adminWorkspace = async (c: Context<AppEnv>) =>
    (await services.accounts.requireMember(c, "admin")).workspaceId;
  const small = jsonBody(smallBodyLimit);

  api.get("/conversations", async (c) => c.json(await inbox.list(await actorOf(c), c.req.query())));
  api.get("/conversations/:id", async (c) =>
    c.json(await inbox.get(await actorOf(c), c.req.param("id"))),
  );
  api.post("/conversations/:id/messages", jsonBody(replyBodyLimit), async (c) => {
    const actor = await actorOf(c);
    return c.json(await inbox.reply(actor, c.req.param("id"), await readJsonBody(c)), 201);
  });
  api.post("/conversations/:id/messages/:messageId/retry", async (c) =>
    c.json(await inbox.retry(await actorOf(c), c.req.param("id"), c.req.param("messageId")), 202),
  );
  api.post("/conversations/:id/actions", small, async (c) => {
    const actor = await actorOf(c);
    return c.json(await inbox.act(actor, c.req.param("id"), await readJsonBody(c)));
  });
  api.post("/conversations/:id/read", async (c) => {
    await inbox.markRead(await actorOf(c), c.req.param("id"));
    return c.body(null, 204);
  });
  api.patch("/contacts/:contactId", small, async (c) => {
    const actor = await actorOf(c);
    return c.json(
      await inbox.updateContact(actor, c.req.param("contactId"), await readJsonBody(c)),
    );
  });

  api.get("/canned-replies", async (c) =>
    c.json(await inbox.listCanned((await actorOf(c)).workspaceId)),
  );
  api.post("/canned-replies", small, async (c) => {
    const workspaceId = await adminWorkspace(c);
    return c.json(await inbox.createCanned(workspaceId, await readJsonBody(c)), 201);
  });
  api.put("/canned-replies/:id", small, async (c) => {
    const workspaceId = await adminWorkspace(c);
    return c.json(await inbox.updateCanned(workspaceId, c.req.param("id"), await readJsonBody(c)));
  });
  api.delete("/canned-replies/:id", async (c) => {
    await inbox.deleteCanned(await adminWorkspace(c), c.req.param("id"));
    return c.body(null, 204);
  });
  return api;
}

/** What a customer sees of a teammate: the first name ("Nok Saetang" → "Nok"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}
