import { createHash } from "node:crypto";
import { cleanText } from "@jai/contracts/text";
import { z } from "@jai/contracts/zod";
import { chatLimits } from "@jai/engine";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError, errorMessage, toErrorBody } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requestLocale } from "../http/request-locale";
import type { AppServices } from "../services/app-services";
import { parseInput } from "../services/console/parse-input";

/** `POST /api/v1/bots/:botId/chat`: a text message, optionally continuing a conversation. */
export const PublicChatRequestSchema = z.object({
  /** Control characters are removed, as in the browser chat (see @jai/contracts/text). */
  message: cleanText().trim().min(1).max(chatLimits.messageMaxChars),
  conversationId: z.uuid().nullable().optional(),
});

/** Text only: far below the browser chat's limit, which has room for an image. */
const publicChatBodyBytes = 64 * 1024;

/**
 * The visitor token an API key chats as: derived from the key itself, so every conversation a
 * key starts with a bot belongs to the same visitor (and only the key's holder can derive it).
 * The database stores it hashed with the bot id, like a browser's token.
 */
export function apiVisitorToken(key: string): string {
  return createHash("sha256").update(`jai.api-visitor\u0000${key}`).digest("base64url");
}

/**
 * The public API, `/api/v1`, for the owner's own software: `Authorization: Bearer <API key>`
 * (created in the console). No cookies are read, so no same-origin check is needed; answers are
 * never cached. A key sees only its owner's bots (anyone else's: 404), and is limited per
 * minute (`services.rateLimits.publicApi`).
 *
 * - `GET /api/v1/bots`: the owner's bots (id, name, status, public path);
 * - `POST /api/v1/bots/:botId/chat` `{ message, conversationId? }` → `{ conversationId, reply,
 *   status, reason? }`: one chat turn, stored like any other (it shows in the console's
 *   conversations); `status: "cancelled", reason: "server_restart"` when a server shutdown cut
 *   the reply short.
 */
export function createPublicApi(services: AppServices) {
  const api = new Hono<AppEnv & { Variables: { apiOwnerId: string; apiKey: string } }>();

  api.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    const key = match?.[1];
    const identity = key ? await services.console.apiKeys.authenticate(key) : null;
    if (!key || !identity) return unauthorized(c);
    await services.rateLimits.publicApi.consume(identity.keyId);
    c.set("apiOwnerId", identity.ownerId);
    c.set("apiKey", key);
    await next();
  });

  api.get("/bots", async (c) => {
    const bots = await services.console.bots.list(c.get("apiOwnerId"));
    return c.json({
      bots: bots.map((bot) => ({
        id: bot.id,
        name: bot.name,
        description: bot.description,
        status: bot.status,
        publicPath: bot.publicPath,
        createdAt: bot.createdAt,
      })),
    });
  });

  api.post("/bots/:botId/chat", jsonBody(publicChatBodyBytes), async (c) => {
    const chatBot = await services.bots.loadForChat(c.req.param("botId"));
    // Someone else's bot answers exactly like one that does not exist.
    if (chatBot.bot.ownerId !== c.get("apiOwnerId")) throw new AppError("NOT_FOUND");
    const body = await readJsonBody(c);
    const request = parseInput(PublicChatRequestSchema, body);
    const turn = await services.chat.runTurn({
      chatBot,
      participant: { channel: "api", externalId: `key:${apiVisitorToken(c.get("apiKey"))}` },
      message: { text: request.message },
      conversationId: request.conversationId,
      // The key's holder owns the bot: any of its conversations may be continued.
      conversationScope: "bot",
      signal: c.req.raw.signal,
    });
    let step = await turn.reply.next();
    while (!step.done) step = await turn.reply.next();
    return c.json({
      conversationId: turn.ids.conversationId,
      reply: step.value.reply,
      status: step.value.status,
      // Cut short by a server shutdown: the partial reply is stored; send the message again.
      ...(step.value.reason ? { reason: step.value.reason } : {}),
    });
  });

  api.all("*", (c) =>
    c.json(toErrorBody("NOT_FOUND", errorMessage("NOT_FOUND", requestLocale(c.req.raw))), 404),
  );

  return api;
}

function unauthorized(c: Context) {
  c.header("WWW-Authenticate", 'Bearer realm="jai", error="invalid_token"');
  return c.json(
    toErrorBody("UNAUTHORIZED", errorMessage("UNAUTHORIZED", requestLocale(c.req.raw))),
    401,
  );
}
