import { parseBrowserChat } from "@jai/channels";
import { chatLimits } from "@jai/engine";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env";
import { jsonBody, readJsonBody } from "../http/json-body";
import { methodNotAllowed, storedImageResponse } from "../http/responses";
import { respondWithTurn } from "../http/turn-response";
import { type ContactRef, contactIdForToken } from "../modules/conversations/contacts";
import { reportTyping } from "../modules/conversations/report-typing";
import {
  createVisitorToken,
  readVisitorToken,
  visitorCookieMaxAgeSeconds,
  visitorCookieName,
} from "../modules/conversations/visitor-token";
import { respondWithCustomerStream } from "../modules/realtime/customer-stream";
import type { AppServices } from "../services/app-services";

export type BotsApiOptions = {
  /** PUBLIC_URL is https: the visitor cookie is Secure. */
  isHttps: boolean;
};

/** The visitor cookie is only sent where it is needed: to this API. */
const visitorCookiePath = "/api/bots";

/**
 * The public bot API:
 * - `GET /api/bots/:botId`: the bot's public profile (404 unknown or paused);
 * - `POST /api/bots/:botId/chat`: one chat turn, streamed as Server-Sent Events (`start`,
 *   `token`…, then `done` or `error`), or answered at once with `Accept: application/json`; a
 *   turn cut short by a server shutdown ends `cancelled` with the reason `server_restart`;
 * - `GET /api/bots/:botId/conversations/:id/messages`: the visitor's own conversation;
 * - `GET /api/bots/:botId/conversations/:id/events`: its new messages as Server-Sent Events
 *   (modules/realtime/customer-stream.ts);
 * - `POST /api/bots/:botId/conversations/:id/feedback`: the visitor's thumbs on a reply;
 * - `POST /api/bots/:botId/conversations/:id/csat`: their answer to the satisfaction question;
 * - `GET /api/bots/:botId/attachments/:id`: an image the visitor attached.
 * Visitors are recognised by the `jai_visitor` cookie the chat endpoint sets; whatever is not
 * theirs answers 404.
 */
export function createBotsApi(services: AppServices, { isHttps }: BotsApiOptions) {
  const api = new Hono<AppEnv>();

  api.get("/:botId", async (c) => {
    const bot = await services.bots.getPublic(c.req.param("botId"));
    c.header("Cache-Control", "public, max-age=30");
    return c.json(bot);
  });

  api.post(
    "/:botId/chat",
    // Room for the largest valid message: a 5 MB image as a data URL and 4,000 characters.
    jsonBody(chatLimits.requestBodyMaxBytes),
    async (c) => {
      const botId = c.req.param("botId");
      const chatBot = await services.bots.loadForChat(botId);

      const existingToken = readVisitorToken(getCookie(c, visitorCookieName));
      // A first message counts for the visitor it makes: counting only those that bring a
      // cookie let one message more than the limit through (21 a minute, not 20).
      const visitorToken = existingToken ?? createVisitorToken();
      const clientKey = services.clientKey(c.get("clientIp"));
      // Per client address first: what bounds a client that drops or forges its cookie (each
      // new cookie is a new visitor). Then per visitor, then per bot.
      await services.rateLimits.chatClient.consume(clientKey);
      const externalId = contactIdForToken(botId, visitorToken);
      await services.rateLimits.chatVisitor.consume(externalId);
      await services.rateLimits.chatBot.consume(botId);

      // The web channel's request, as a neutral message (a malformed one: VALIDATION_FAILED).
      const inbound = parseBrowserChat(await readJsonBody(c), "web", { externalId });

      return respondWithTurn(c, {
        logger: services.logger,
        start: async (signal) => {
          const turn = await services.chat.runTurn({
            chatBot,
            participant: { channel: "web", ...inbound.sender },
            message: inbound.content,
            conversationId: inbound.conversationId,
            language: inbound.language,
            signal,
          });
          if (!existingToken) {
            setCookie(c, visitorCookieName, visitorToken, {
              path: visitorCookiePath,
              httpOnly: true,
              sameSite: "Lax",
              secure: isHttps,
              maxAge: visitorCookieMaxAgeSeconds,
            });
          }
          return turn;
        },
      });
    },
  );

  api.get("/:botId/conversations/:conversationId/messages", async (c) => {
    const result = await services.chat.listMessages({
      botId: c.req.param("botId"),
      conversationId: c.req.param("conversationId"),
      contact: cookieContact(c),
    });
    c.header("Cache-Control", "no-store");
    return c.json(result);
  });

  // The conversation's new messages as they are stored (a teammate's reply), for the page to fetch.
  api.get("/:botId/conversations/:conversationId/events", (c) =>
    respondWithCustomerStream(c, {
      hub: services.realtime,
      db: services.database.db,
      logger: services.logger,
      botId: c.req.param("botId"),
      conversationId: c.req.param("conversationId"),
      contact: cookieContact(c),
    }),
  );

  // The visitor is typing: the team's inbox shows it (at most every 3 s per conversation).
  api.post("/:botId/conversations/:conversationId/typing", async (c) => {
    await reportTyping(services.database.db, {
      botId: c.req.param("botId"),
      conversationId: c.req.param("conversationId"),
      contact: cookieContact(c),
    });
    return c.body(null, 204);
  });

  // The visitor's thumbs on one of the bot's replies (modules/feedback/record-feedback.ts).
  api.post("/:botId/conversations/:conversationId/feedback", jsonBody(4096), async (c) => {
    await services.rateLimits.chatClient.consume(services.clientKey(c.get("clientIp")));
    const saved = await services.feedback.record({
      botId: c.req.param("botId"),
      conversationId: c.req.param("conversationId"),
      contact: cookieContact(c),
      input: await readJsonBody(c),
    });
    c.header("Cache-Control", "no-store");
    return c.json(saved);
  });

  // The visitor's answer to the satisfaction question (modules/feedback/csat.ts).
  api.post("/:botId/conversations/:conversationId/csat", jsonBody(1024), async (c) => {
    await services.rateLimits.chatClient.consume(services.clientKey(c.get("clientIp")));
    const saved = await services.feedback.csat({
      botId: c.req.param("botId"),
      conversationId: c.req.param("conversationId"),
      contact: cookieContact(c),
      input: await readJsonBody(c),
    });
    c.header("Cache-Control", "no-store");
    return c.json(saved);
  });

  api.get("/:botId/attachments/:attachmentId", async (c) => {
    const attachment = await services.chat.getAttachment({
      botId: c.req.param("botId"),
      attachmentId: c.req.param("attachmentId"),
      contact: cookieContact(c),
    });
    // Only the visitor who sent it can fetch it.
    return storedImageResponse(c, attachment, "private");
  });

  api.all("/:botId", methodNotAllowed("GET, HEAD"));
  api.all("/:botId/chat", methodNotAllowed("POST"));
  api.all("/:botId/conversations/:conversationId/messages", methodNotAllowed("GET, HEAD"));
  api.all("/:botId/conversations/:conversationId/events", methodNotAllowed("GET, HEAD"));
  api.all("/:botId/conversations/:conversationId/typing", methodNotAllowed("POST"));
  api.all("/:botId/conversations/:conversationId/feedback", methodNotAllowed("POST"));
  api.all("/:botId/conversations/:conversationId/csat", methodNotAllowed("POST"));
  api.all("/:botId/attachments/:attachmentId", methodNotAllowed("GET, HEAD"));

  return api;
}

/** The hosted page's contact: its cookie's token, hashed with the bot id; none without one. */
function cookieContact(c: Context<AppEnv>): ContactRef | undefined {
  const token = readVisitorToken(getCookie(c, visitorCookieName));
  return token
    ? { channel: "web", externalId: contactIdForToken(c.req.param("botId") ?? "", token) }
    : undefined;
}
