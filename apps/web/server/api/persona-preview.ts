import type { Locale } from "@jai/contracts/locale";
import { type Persona, PersonaSchema } from "@jai/contracts/persona";
import { cleanText } from "@jai/contracts/text";
import { z } from "@jai/contracts/zod";
import { chatLimits } from "@jai/engine";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError, errorMessage, toErrorBody } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requestLocale } from "../http/request-locale";
import { requireSameOrigin } from "../http/require-same-origin";
import { createSseStream, sseHeaders } from "../http/sse-stream";
import { describeError } from "../logger";
import type { AppServices } from "../services/app-services";
import type { ChatBot } from "../services/bots/load-chat-bot";

export const personaPreviewLimits = {
  /** The message being answered, as on the bot chat (trimmed). */
  messageMaxChars: chatLimits.messageMaxChars,
  /** Messages of history sent along (the seed's 10). */
  historyMessages: chatLimits.historyMessages,
  /** One message of history: a reply quoting a long FAQ answer or knowledge passage fits. */
  historyMessageMaxChars: 8000,
  /**
   * A persona at every limit, all in Thai, is about 3.6 MB of JSON; with ten messages of history
   * and the message it stays under this.
   */
  requestBodyMaxBytes: 4 * 1024 * 1024,
} as const;

/** The live preview's request: the unsaved draft, the conversation so far and the new message. */
export const PersonaPreviewRequestSchema = z.object({
  persona: PersonaSchema,
  history: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: cleanText().max(personaPreviewLimits.historyMessageMaxChars),
      }),
    )
    .max(personaPreviewLimits.historyMessages)
    .default([]),
  message: cleanText().trim().min(1).max(personaPreviewLimits.messageMaxChars),
});
export type PersonaPreviewRequest = z.input<typeof PersonaPreviewRequestSchema>;

/** The seed's live-preview failure reply (error catalogue, section 8). */
export const previewApology: Record<Locale, string> = {
  en: "I'm sorry, I'm having trouble responding right now. Please try again.",
  th: "ขออภัย ขณะนี้ไม่สามารถตอบกลับได้ กรุณาลองใหม่อีกครั้ง",
};

/**
 * `POST /api/personas/preview`: one live-preview turn of the persona builder, on the unsaved
 * draft the request carries. Streamed as Server-Sent Events: `token` events (`{ text }`), then
 * `done` (`{ status, reason? }`: `reason: "server_restart"` when a server shutdown cut it short)
 * or `error` (`{ code, message }`). Nothing is stored.
 *
 * Anyone may call it (the builder works signed out), so it is bounded per client network
 * (AppServices.rateLimits.personaPreview, 30 a minute) and always runs the embedded `local`
 * provider: a draft belongs to no bot, so no provider key (the server's or an owner's) is ever
 * spent on an anonymous visitor's preview. The local provider answers from the draft's own FAQs
 * and knowledge base, in its voice, which is what the owner is checking.
 */
export function createPersonaPreviewApi(services: AppServices, publicUrl: string) {
  const api = new Hono<AppEnv>();

  api.post(
    "/",
    requireSameOrigin(publicUrl),
    async (c, next) => {
      await services.rateLimits.personaPreview.consume(services.clientKey(c.get("clientIp")));
      await next();
    },
    jsonBody(personaPreviewLimits.requestBodyMaxBytes),
    async (c) => {
      const body = await readJsonBody(c);
      const parsed = PersonaPreviewRequestSchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.map(String).join(".");
          if (field) fields[field] ??= issue.code === "too_big" ? "too_long" : "invalid";
        }
        throw new AppError("VALIDATION_FAILED", { fields });
      }
      const locale = requestLocale(c.req.raw);
      const sse = createSseStream();
      void streamPreview(c, parsed.data, sse, locale);
      c.header("Cache-Control", "no-store");
      return c.body(sse.body, 200, sseHeaders);
    },
  );

  api.all("/", (c) =>
    c.json(
      toErrorBody(
        "METHOD_NOT_ALLOWED",
        errorMessage("METHOD_NOT_ALLOWED", requestLocale(c.req.raw)),
      ),
      405,
      { Allow: "POST" },
    ),
  );

  async function streamPreview(
    c: Context<AppEnv>,
    request: z.output<typeof PersonaPreviewRequestSchema>,
    sse: ReturnType<typeof createSseStream>,
    locale: Locale,
  ) {
    const failed = () =>
      sse.send("error", { code: "PROVIDER_FAILED", message: previewApology[locale] });
    // Counted like a chat turn, so a shutdown waits for it, then cancels it.
    try {
      const { persona } = request;
      // The same turn as every channel's, on the draft, with nothing stored (`preview`).
      const turn = await services.chat.runTurn({
        chatBot: previewBot(persona),
        participant: { channel: "web", externalId: "preview" },
        message: { text: request.message },
        preview: { history: request.history },
        signal: AbortSignal.any([c.req.raw.signal, sse.signal]),
      });
      let step = await turn.reply.next();
      while (!step.done) {
        sse.send("token", { text: step.value });
        step = await turn.reply.next();
      }
      const outcome = step.value;
      if (outcome.status === "failed") failed();
      else
        sse.send("done", {
          status: outcome.status,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        });
    } catch (error) {
      if (!(error instanceof AppError)) {
        services.logger.error("persona preview failed", {
          path: c.req.path,
          ...describeError(error),
        });
      }
      failed();
    } finally {
      sse.close();
    }
  }

  return api;
}

/**
 * A draft as a bot: it belongs to nobody and always runs the embedded `local` provider, so no
 * provider key (the server's or an owner's) is ever spent on an anonymous visitor's preview.
 */
function previewBot(persona: Persona): ChatBot {
  const now = new Date();
  return {
    bot: {
      id: "preview",
      ownerId: null,
      personaId: "00000000-0000-0000-0000-000000000000",
      name: persona.name.trim() || persona.role.trim() || "Jai",
      description: null,
      purpose: null,
      aiProvider: "local",
      aiModel: null,
      status: "active",
      providerKeyCiphertext: null,
      providerKeyHint: null,
      knowledgeVersion: 1,
      seedHash: null,
      indexable: false,
      providerError: null,
      providerErrorKind: null,
      providerErrorAt: null,
      handoff: null,
      createdAt: now,
      updatedAt: now,
    },
    persona,
    personaUpdatedAt: now,
  };
}
