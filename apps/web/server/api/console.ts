import { personaLimits } from "@jai/contracts/persona";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requireSameOrigin } from "../http/require-same-origin";
import type { AppServices } from "../services/app-services";
import { createConsoleAnalyticsApi } from "./console-analytics";
import { createConsoleBillingApi } from "./console-billing";
import { createConsoleDataApi } from "./console-data";
import { createConsoleFeedbackApi } from "./console-feedback";
import { createConsoleImproveApi } from "./console-improve";
import { createConsoleInvoicesApi } from "./console-invoices";
import { createConsoleKnowledgeApi } from "./console-knowledge";
import { createInboxApi } from "./inbox";

/**
 * Largest JSON bodies: a persona at every limit, written in Thai (3 bytes a character in
 * UTF-8, JSON escapes aside), and everything else (bots, API keys), which is small.
 */
export const consoleBodyLimits = {
  persona: 4 * 1024 * 1024,
  small: 64 * 1024,
} as const;

// The persona limit must hold the largest valid persona (its knowledge base alone is 200,000
// characters); checked here so raising a persona limit cannot silently break saving.
const largestPersonaBytes =
  (personaLimits.knowledgeBase +
    personaLimits.faqs * 4500 +
    personaLimits.synonymSets * personaLimits.synonymTerms * personaLimits.synonymTerm) *
  3;
if (largestPersonaBytes > consoleBodyLimits.persona) {
  throw new Error("consoleBodyLimits.persona is smaller than the largest valid persona");
}

/**
 * The owner console's JSON API, `/api/console/*`, over the console services (which validate
 * and filter by owner themselves). Every request needs a signed-in owner (401); writes must
 * come from our own pages (403), carry JSON (415) within the body limit (413). Answers are
 * never cached. Another owner's ids answer 404, exactly like ids that do not exist.
 */
export function createConsoleApi(services: AppServices, publicUrl: string) {
  const api = new Hono<AppEnv>();
  const owned = services.console;
  // The workspace the request acts in (its id is what `owner_id` columns hold). Everything
  // here needs an admin, but the transcripts, attachments and contacts, which agents use too.
  const ownerIdOf = async (c: Context<AppEnv>) =>
    (await services.accounts.requireMember(c, "admin")).workspaceId;
  const agentWorkspaceOf = async (c: Context<AppEnv>) =>
    (await services.accounts.requireMember(c, "agent")).workspaceId;

  api.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });
  api.use("*", requireSameOrigin(publicUrl));

  const persona = jsonBody(consoleBodyLimits.persona);
  const small = jsonBody(consoleBodyLimits.small);

  // ---- personas ----
  api.get("/personas", async (c) => c.json(await owned.personas.list(await ownerIdOf(c))));
  api.post("/personas", persona, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await owned.personas.create(ownerId, await readJson(c)), 201);
  });
  api.get("/personas/:id", async (c) =>
    c.json(await owned.personas.get(await ownerIdOf(c), c.req.param("id"))),
  );
  api.put("/personas/:id", persona, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await owned.personas.update(ownerId, c.req.param("id"), await readJson(c)));
  });
  api.delete("/personas/:id", async (c) => {
    await owned.personas.delete(await ownerIdOf(c), c.req.param("id"));
    return c.body(null, 204);
  });
  api.post("/personas/:id/duplicate", async (c) =>
    c.json(await owned.personas.duplicate(await ownerIdOf(c), c.req.param("id")), 201),
  );

  // ---- bots ----
  api.get("/bots", async (c) => c.json(await owned.bots.list(await ownerIdOf(c))));
  api.post("/bots", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await owned.bots.create(ownerId, await readJson(c)), 201);
  });
  api.get("/bots/:id", async (c) =>
    c.json(await owned.bots.get(await ownerIdOf(c), c.req.param("id"))),
  );
  api.patch("/bots/:id", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await owned.bots.update(ownerId, c.req.param("id"), await readJson(c)));
  });
  api.delete("/bots/:id", async (c) => {
    await owned.bots.delete(await ownerIdOf(c), c.req.param("id"));
    return c.body(null, 204);
  });

  // ---- channels (the widget; the chat apps join with their issues) ----
  api.get("/bots/:id/channels", async (c) =>
    c.json(await services.channels.get(await ownerIdOf(c), c.req.param("id"))),
  );
  api.put("/bots/:id/channels/widget", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(
      await services.channels.updateWidget(ownerId, c.req.param("id"), await readJson(c)),
    );
  });
  api.post("/bots/:id/channels/widget/identity-secret", async (c) => {
    const ownerId = await ownerIdOf(c);
    c.header("Cache-Control", "no-store");
    return c.json(await services.channels.rotateIdentitySecret(ownerId, c.req.param("id")), 201);
  });

  // LINE: connect (checked with LINE at once), state, quota, disconnect.
  api.get("/bots/:id/channels/line", async (c) =>
    c.json(await services.line.get(await ownerIdOf(c), c.req.param("id"))),
  );
  api.put("/bots/:id/channels/line", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await services.line.connect(ownerId, c.req.param("id"), await readJson(c)));
  });
  api.delete("/bots/:id/channels/line", async (c) =>
    c.json(await services.line.disconnect(await ownerIdOf(c), c.req.param("id"))),
  );
  api.get("/bots/:id/channels/line/quota", async (c) =>
    c.json(await services.line.quota(await ownerIdOf(c), c.req.param("id"))),
  );

  // Messenger and Instagram: connect (checked with the Graph API at once; answers the verify
  // token this once), state, the human agent permission, a new verify token, disconnect.
  for (const channel of ["messenger", "instagram"] as const) {
    const path = `/bots/:id/channels/${channel}`;
    api.get(path, async (c) =>
      c.json(await services.meta.get(await ownerIdOf(c), c.req.param("id") ?? "", channel)),
    );
    api.put(path, small, async (c) => {
      const ownerId = await ownerIdOf(c);
      c.header("Cache-Control", "no-store");
      return c.json(
        await services.meta.connect(ownerId, c.req.param("id") ?? "", channel, await readJson(c)),
      );
    });
    api.patch(path, small, async (c) => {
      const ownerId = await ownerIdOf(c);
      return c.json(
        await services.meta.update(ownerId, c.req.param("id") ?? "", channel, await readJson(c)),
      );
    });
    api.post(`${path}/verify-token`, async (c) => {
      const ownerId = await ownerIdOf(c);
      c.header("Cache-Control", "no-store");
      return c.json(
        await services.meta.rotateVerifyToken(ownerId, c.req.param("id") ?? "", channel),
      );
    });
    api.delete(path, async (c) =>
      c.json(await services.meta.disconnect(await ownerIdOf(c), c.req.param("id") ?? "", channel)),
    );
  }

  // TikTok: connect (checked with TikTok at once; its own answer when it refuses), disconnect.
  api.get("/bots/:id/channels/tiktok", async (c) =>
    c.json(await services.tiktok.get(await ownerIdOf(c), c.req.param("id"))),
  );
  api.put("/bots/:id/channels/tiktok", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await services.tiktok.connect(ownerId, c.req.param("id"), await readJson(c)));
  });
  api.delete("/bots/:id/channels/tiktok", async (c) =>
    c.json(await services.tiktok.disconnect(await ownerIdOf(c), c.req.param("id"))),
  );

  // A customer's photo, video, voice message or file, for the transcript.
  api.get("/bots/:id/attachments/:attachmentId", async (c) => {
    const file = await owned.conversations.attachment(
      await agentWorkspaceOf(c),
      c.req.param("id"),
      c.req.param("attachmentId"),
    );
    const isImage = file.mimeType.startsWith("image/");
    return c.body(file.data as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.byteSize),
      // Anything but an image is downloaded, never rendered by the browser.
      "Content-Disposition": isImage ? "inline" : `attachment; filename="${file.id}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    });
  });

  // ---- outgoing webhooks ----
  api.get("/webhooks", async (c) => c.json(await services.webhooks.list(await ownerIdOf(c))));
  api.post("/webhooks", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    c.header("Cache-Control", "no-store");
    return c.json(await services.webhooks.create(ownerId, await readJson(c)), 201);
  });
  api.patch("/webhooks/:id", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await services.webhooks.update(ownerId, c.req.param("id"), await readJson(c)));
  });
  api.delete("/webhooks/:id", async (c) => {
    await services.webhooks.delete(await ownerIdOf(c), c.req.param("id"));
    return c.body(null, 204);
  });
  api.post("/webhooks/:id/secret", async (c) => {
    const ownerId = await ownerIdOf(c);
    c.header("Cache-Control", "no-store");
    return c.json(await services.webhooks.rotateSecret(ownerId, c.req.param("id")), 201);
  });
  api.post("/webhooks/:id/test", async (c) =>
    c.json(await services.webhooks.sendTest(await ownerIdOf(c), c.req.param("id")), 202),
  );
  api.get("/webhooks/:id/deliveries", async (c) =>
    c.json(await services.webhooks.listDeliveries(await ownerIdOf(c), c.req.param("id"))),
  );
  api.post("/webhooks/:id/deliveries/:deliveryId/redeliver", async (c) => {
    const ownerId = await ownerIdOf(c);
    await services.webhooks.redeliver(ownerId, c.req.param("id"), c.req.param("deliveryId"));
    return c.body(null, 202);
  });

  // ---- conversations ----
  api.get("/bots/:id/conversations", async (c) =>
    c.json(
      await owned.conversations.list(await agentWorkspaceOf(c), c.req.param("id"), {
        search: c.req.query("search"),
        cursor: c.req.query("cursor"),
      }),
    ),
  );
  api.get("/bots/:id/conversations.csv", async (c) => {
    const botId = c.req.param("id");
    const stream = await owned.conversations.exportCsv(await agentWorkspaceOf(c), botId, {
      search: c.req.query("search"),
    });
    const date = new Date().toISOString().slice(0, 10);
    return c.body(stream, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="conversations-${botId}-${date}.csv"`,
    });
  });
  api.get("/bots/:id/conversations/:conversationId", async (c) =>
    c.json(
      await owned.conversations.transcript(
        await agentWorkspaceOf(c),
        c.req.param("id"),
        c.req.param("conversationId"),
      ),
    ),
  );

  // ---- a contact's memory (the transcript's memory panel) ----
  api.put("/bots/:id/contacts/:contactId/memory", small, async (c) => {
    const ownerId = await agentWorkspaceOf(c);
    return c.json(
      await owned.contacts.updateMemory(
        ownerId,
        c.req.param("id"),
        c.req.param("contactId"),
        await readJson(c),
      ),
    );
  });
  api.delete("/bots/:id/contacts/:contactId/memory", async (c) => {
    await owned.contacts.clearMemory(
      await agentWorkspaceOf(c),
      c.req.param("id"),
      c.req.param("contactId"),
    );
    return c.body(null, 204);
  });

  // ---- the team inbox (inbox.ts) and each bot's handoff settings ----
  api.route("/inbox", createInboxApi(services));
  api.get("/bots/:id/handoff", async (c) =>
    c.json(await services.inbox.getHandoff(await ownerIdOf(c), c.req.param("id"))),
  );
  api.put("/bots/:id/handoff", small, async (c) => {
    const workspaceId = await ownerIdOf(c);
    return c.json(
      await services.inbox.updateHandoff(workspaceId, c.req.param("id"), await readJson(c)),
    );
  });

  // ---- the intelligence dashboard: figures, feedback, improvement queue, data in and out ----
  api.route("/analytics", createConsoleAnalyticsApi(services));
  api.route("/feedback", createConsoleFeedbackApi(services));
  api.route("/improve", createConsoleImproveApi(services));
  api.route("/data", createConsoleDataApi(services));
  api.route("/billing/invoices", createConsoleInvoicesApi(services));
  api.route("/billing", createConsoleBillingApi(services));

  // ---- knowledge (console-knowledge.ts) ----
  api.route("/bots/:botId/knowledge", createConsoleKnowledgeApi(services, { publicUrl }));

  // ---- API keys ----
  api.get("/api-keys", async (c) => c.json(await owned.apiKeys.list(await ownerIdOf(c))));
  api.post("/api-keys", small, async (c) => {
    const ownerId = await ownerIdOf(c);
    return c.json(await owned.apiKeys.create(ownerId, await readJson(c)), 201);
  });
  api.delete("/api-keys/:id", async (c) => {
    await owned.apiKeys.revoke(await ownerIdOf(c), c.req.param("id"));
    return c.body(null, 204);
  });

  // ---- plan ----
  api.get("/plan", async (c) => c.json(await owned.plan.get(await ownerIdOf(c))));

  return api;
}

/** The body as JSON, typed as the service's input: the services validate whatever was sent. */
async function readJson<T>(c: Context<AppEnv>): Promise<T> {
  return (await readJsonBody(c)) as T;
}
