import { identityExternalId, parseBrowserChat, verifyIdentity } from "@jai/channels";
import type { WidgetSettings } from "@jai/contracts/channels";
import { chatLimits } from "@jai/engine";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { methodNotAllowed, storedImageResponse } from "../http/responses";
import { respondWithTurn } from "../http/turn-response";
import { isAllowedOrigin } from "../modules/channels/widget-session";
import { type ContactRef, contactIdForToken } from "../modules/conversations/contacts";
import { reportTyping } from "../modules/conversations/report-typing";
import { createVisitorToken, readVisitorToken } from "../modules/conversations/visitor-token";
import { respondWithCustomerStream } from "../modules/realtime/customer-stream";
import type { AppServices } from "../services/app-services";

/** The widget iframe's contact token: issued by the chat endpoint, kept by the iframe. */
export const widgetContactHeader = "X-Jai-Contact";
/** A signed identity from `Jai.identify`: base64url JSON `{ id, name?, email?, signature }`. */
export const widgetIdentityHeader = "X-Jai-Identity";

/** What the loader needs to draw the launcher: no secrets, no allowed origins. */
export type WidgetConfigDto = {
  bot: { id: string; name: string; avatar: string; language: "en" | "th" | "auto" };
  settings: Omit<WidgetSettings, "allowedOrigins">;
};

/**
 * The website widget's API, `/api/widget/:botId/…`. Two callers:
 * - the loader on the owner's site (cross-origin, CORS): `GET config` (public), and
 *   `POST session`, which checks the request's `Origin` against the bot's allowed origins and
 *   returns a short-lived session token;
 * - the widget's iframe (our origin): `POST chat` (SSE, or JSON with Accept: application/json),
 *   `GET conversations/:id/messages`, `GET conversations/:id/events` (its new messages as
 *   Server-Sent Events), `POST conversations/:id/feedback` (thumbs on a reply) and
 *   `POST conversations/:id/csat` (the satisfaction answer), `GET attachments/:id`, with
 *   `Authorization: Bearer <session>` and the iframe's contact token (`X-Jai-Contact`). A browser call without our
 *   Origin (or Sec-Fetch-Site: same-origin) is refused.
 * A paused bot, or one whose widget is off, answers 404 everywhere: the widget shows nothing.
 */
export function createWidgetApi(services: AppServices, { publicUrl }: { publicUrl: string }) {
  const api = new Hono<AppEnv>();
  const ownOrigin = new URL(publicUrl).origin;

  /** The bot and its widget, both active; NOT_FOUND otherwise. */
  async function loadActive(botId: string) {
    const bot = await services.bots.getPublic(botId);
    const widget = await services.channels.loadWidget(botId);
    if (!widget.enabled) throw new AppError("NOT_FOUND");
    return { bot, widget };
  }

  /** CORS for the loader's calls: only an allowed site's origin is echoed. */
  function allowCors(c: Context<AppEnv>, origin: string) {
    c.header("Access-Control-Allow-Origin", origin);
    c.header("Vary", "Origin");
  }

  api.get("/:botId/config", async (c) => {
    const { bot, widget } = await loadActive(c.req.param("botId"));
    const { allowedOrigins: _, ...settings } = widget.settings;
    // Public (what the launcher looks like), so any site may read it; short-lived in caches.
    c.header("Access-Control-Allow-Origin", "*");
    c.header("Cache-Control", "public, max-age=60");
    const body: WidgetConfigDto = {
      bot: { id: bot.id, name: bot.name, avatar: bot.avatar, language: bot.language },
      settings,
    };
    return c.json(body);
  });

  api.options("/:botId/session", async (c) => {
    const origin = c.req.header("origin");
    const widget = await services.channels.loadWidget(c.req.param("botId"));
    if (!widget.enabled || !isAllowedOrigin(origin, widget.settings.allowedOrigins)) {
      return c.body(null, 403);
    }
    allowCors(c, origin!);
    c.header("Access-Control-Allow-Methods", "POST");
    c.header("Access-Control-Allow-Headers", "Content-Type");
    c.header("Access-Control-Max-Age", "600");
    return c.body(null, 204);
  });

  api.post("/:botId/session", async (c) => {
    const botId = c.req.param("botId");
    const origin = c.req.header("origin");
    const { widget } = await loadActive(botId);
    await services.rateLimits.chatClient.consume(services.clientKey(c.get("clientIp")));
    if (!isAllowedOrigin(origin, widget.settings.allowedOrigins)) {
      throw new AppError("FORBIDDEN", {
        message: origin
          ? `${origin} is not one of this bot's allowed sites`
          : "the request has no Origin (only browsers on an allowed site may start a widget session)",
      });
    }
    allowCors(c, origin!);
    c.header("Cache-Control", "no-store");
    const session = services.channels.widgetSessions.issue(botId, origin!);
    return c.json({ session: session.token, expiresAt: session.expiresAt });
  });

  /**
   * The iframe's calls: from our own origin, with a valid session for this bot. Returns the
   * contact the request speaks for: the signed identity when there is one, else the iframe's
   * token (a new one when `issue` and it has none).
   */
  async function widgetCaller(c: Context<AppEnv>, { issue }: { issue: boolean }) {
    const botId = c.req.param("botId") ?? "";
    const origin = c.req.header("origin");
    const sameOrigin =
      origin === ownOrigin || (!origin && c.req.header("sec-fetch-site") === "same-origin");
    if (!sameOrigin) {
      throw new AppError("FORBIDDEN", { message: "widget calls come from the widget's frame" });
    }
    // The bot itself is checked by the route (its chat or its rows): one query fewer per turn.
    const widget = await services.channels.loadWidget(botId);
    if (!widget.enabled) throw new AppError("NOT_FOUND");
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const session = bearer ? services.channels.widgetSessions.verify(bearer, botId) : null;
    if (!session) throw new AppError("UNAUTHORIZED", { message: "no valid widget session" });
    // The site may have been removed from the list since the session was issued.
    if (!isAllowedOrigin(session.origin, widget.settings.allowedOrigins)) {
      throw new AppError("FORBIDDEN", { message: "this site is no longer allowed" });
    }

    const identity = readIdentity(c.req.header(widgetIdentityHeader.toLowerCase()));
    if (identity) {
      if (!widget.identitySecret || !verifyIdentity(widget.identitySecret, identity)) {
        throw new AppError("UNAUTHORIZED", { message: "the identity's signature is not valid" });
      }
      return {
        botId,
        contact: {
          channel: "widget" as const,
          externalId: identityExternalId(identity.id),
          displayName: identity.name?.slice(0, 200) ?? null,
          email: identity.email?.slice(0, 320) ?? null,
        },
        issuedToken: undefined,
      };
    }
    const existing = readVisitorToken(c.req.header(widgetContactHeader.toLowerCase()));
    const token = existing ?? (issue ? createVisitorToken() : undefined);
    return {
      botId,
      contact: token
        ? { channel: "widget" as const, externalId: contactIdForToken(botId, token) }
        : undefined,
      issuedToken: existing ? undefined : token,
    };
  }

  api.post(
    "/:botId/chat",
    // Room for the largest valid message: a 5 MB image as a data URL and 4,000 characters.
    jsonBody(chatLimits.requestBodyMaxBytes),
    async (c) => {
      const caller = await widgetCaller(c, { issue: true });
      const contact = caller.contact!;
      await services.rateLimits.chatClient.consume(services.clientKey(c.get("clientIp")));
      await services.rateLimits.chatVisitor.consume(`widget:${contact.externalId}`);
      await services.rateLimits.chatBot.consume(caller.botId);
      const chatBot = await services.bots.loadForChat(caller.botId);
      const inbound = parseBrowserChat(await readJsonBody(c), "widget", contact);
      if (caller.issuedToken) c.header(widgetContactHeader, caller.issuedToken);
      return respondWithTurn(c, {
        logger: services.logger,
        start: (signal) =>
          services.chat.runTurn({
            chatBot,
            participant: { ...inbound.sender, channel: "widget" },
            message: inbound.content,
            conversationId: inbound.conversationId,
            language: inbound.language,
            signal,
          }),
      });
    },
  );

  api.get("/:botId/conversations/:conversationId/messages", async (c) => {
    const caller = await widgetCaller(c, { issue: false });
    c.header("Cache-Control", "no-store");
    return c.json(
      await services.chat.listMessages({
        botId: caller.botId,
        conversationId: c.req.param("conversationId"),
        contact: caller.contact && toRef(caller.contact),
      }),
    );
  });

  // The conversation's new messages as they are stored (a teammate's reply), for the frame to
  // fetch. The stream ends when the widget session expires; the frame reconnects with its new one.
  api.get("/:botId/conversations/:conversationId/events", async (c) => {
    const caller = await widgetCaller(c, { issue: false });
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    return respondWithCustomerStream(c, {
      hub: services.realtime,
      db: services.database.db,
      logger: services.logger,
      botId: caller.botId,
      conversationId: c.req.param("conversationId"),
      contact: caller.contact && toRef(caller.contact),
      isStillAllowed: async () =>
        services.channels.widgetSessions.verify(bearer, caller.botId) !== null,
    });
  });

  // The visitor is typing: the team's inbox shows it (at most every 3 s per conversation).
  api.post("/:botId/conversations/:conversationId/typing", async (c) => {
    const caller = await widgetCaller(c, { issue: false });
    await reportTyping(services.database.db, {
      botId: caller.botId,
      conversationId: c.req.param("conversationId"),
      contact: caller.contact && toRef(caller.contact),
    });
    return c.body(null, 204);
  });

  // The visitor's thumbs on one of the bot's replies (modules/feedback/record-feedback.ts).
  api.post("/:botId/conversations/:conversationId/feedback", jsonBody(4096), async (c) => {
    const caller = await widgetCaller(c, { issue: false });
    await services.rateLimits.chatClient.consume(services.clientKey(c.get("clientIp")));
    return c.json(
      await services.feedback.record({
        botId: caller.botId,
        conversationId: c.req.param("conversationId"),
        contact: caller.contact && toRef(caller.contact),
        input: await readJsonBody(c),
      }),
    );
  });

  // The visitor's answer to the satisfaction question (modules/feedback/csat.ts).
  api.post("/:botId/conversations/:conversationId/csat", jsonBody(1024), async (c) => {
    const caller = await widgetCaller(c, { issue: false });
    await services.rateLimits.chatClient.consume(services.clientKey(c.get("clientIp")));
    return c.json(
      await services.feedback.csat({
        botId: caller.botId,
        conversationId: c.req.param("conversationId"),
        contact: caller.contact && toRef(caller.contact),
        input: await readJsonBody(c),
      }),
    );
  });

  api.get("/:botId/attachments/:attachmentId", async (c) => {
    const caller = await widgetCaller(c, { issue: false });
    const attachment = await services.chat.getAttachment({
      botId: caller.botId,
      attachmentId: c.req.param("attachmentId"),
      contact: caller.contact && toRef(caller.contact),
    });
    return storedImageResponse(c, attachment, "private");
  });

  api.all("/:botId/config", methodNotAllowed("GET, HEAD"));
  api.all("/:botId/session", methodNotAllowed("POST, OPTIONS"));
  api.all("/:botId/chat", methodNotAllowed("POST"));
  api.all("/:botId/conversations/:conversationId/messages", methodNotAllowed("GET, HEAD"));
  api.all("/:botId/conversations/:conversationId/events", methodNotAllowed("GET, HEAD"));
  api.all("/:botId/conversations/:conversationId/typing", methodNotAllowed("POST"));
  api.all("/:botId/conversations/:conversationId/feedback", methodNotAllowed("POST"));
  api.all("/:botId/conversations/:conversationId/csat", methodNotAllowed("POST"));
  api.all("/:botId/attachments/:attachmentId", methodNotAllowed("GET, HEAD"));

  return api;
}

const toRef = (contact: ContactRef): ContactRef => ({
  channel: contact.channel,
  externalId: contact.externalId,
});

/** The identity header's JSON, when it is well formed; undefined when absent. */
function readIdentity(
  value: string | undefined,
): { id: string; name?: string; email?: string; signature: string } | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const { id, name, email, signature } = parsed;
    if (typeof id !== "string" || typeof signature !== "string") throw new Error("shape");
    return {
      id,
      signature,
      ...(typeof name === "string" ? { name } : {}),
      ...(typeof email === "string" ? { email } : {}),
    };
  } catch {
    throw new AppError("UNAUTHORIZED", { message: "the identity header is malformed" });
  }
}
