import { apiExternalId } from "@jai/channels";
import { consoleLimits } from "@jai/contracts/console";
import {
  AddKnowledgeRequestSchema,
  ApiErrorSchema,
  BotListSchema,
  ContactListQuerySchema,
  ContactPageSchema,
  ConversationListQuerySchema,
  ConversationPageSchema,
  KnowledgeSourceListSchema,
  ListQuerySchema,
  MessagePageSchema,
  PublicBotSchema,
  type PublicChatRequest,
  PublicChatRequestSchema,
  PublicChatResponseSchema,
  PublicContactSchema,
  PublicConversationSchema,
  PublicKnowledgeSourceSchema,
  publicApiLimits,
  UpdateContactSchema,
} from "@jai/contracts/public-api";
import { z } from "@jai/contracts/zod";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import type { AppEnv } from "../http/app-env";
import { AppError, errorMessage, toErrorBody } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requestLocale } from "../http/request-locale";
import { respondWithTurn } from "../http/turn-response";
import type { TurnParticipant } from "../modules/conversations/contacts";
import {
  getContact,
  getConversation,
  getConversationContact,
  listContacts,
  listConversationMessages,
  listConversations,
  updateContact,
} from "../modules/public-api/public-api-queries";
import type { AppServices } from "../services/app-services";
import { parseInput } from "../services/console/parse-input";
import { publicExportRoutes } from "./public-api-exports";
import { publicFeedbackRoutes } from "./public-api-feedback";

export type PublicApiEnv = AppEnv & { Variables: { apiOwnerId: string; apiKeyId: string } };
export type PublicContext = Context<PublicApiEnv>;

/** Largest multipart body of a knowledge file upload (the file limit plus the form's framing). */
const knowledgeUploadBodyBytes = consoleLimits.knowledgeFileBytes + 64 * 1024;

/**
 * One route of the public API: how it is documented and how it is handled, in one place, so
 * the OpenAPI document cannot leave a route out (and a test checks it against Hono's routes).
 */
export type PublicRoute = {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path syntax, relative to /api/v1: "/bots/{botId}". */
  path: string;
  operation: ZodOpenApiOperationObject;
  /** Largest request body accepted (JSON routes). */
  bodyBytes?: number;
  handle(c: PublicContext, services: AppServices): Promise<Response>;
};

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), json(ApiErrorSchema, errorDescriptions[status]!)]),
  );

const errorDescriptions: Record<number, string> = {
  400: "The body is not JSON (or not a JSON object).",
  401: "No API key, or a revoked or unknown one.",
  404: "No such resource among the key owner's (someone else's answers the same).",
  413: "The body is larger than the route allows.",
  415: "The body is not of the route's content type.",
  422: "A field is invalid: `error.fields` says which and why.",
  429: "Too many requests for this key: wait `Retry-After` seconds.",
  503: "The server is restarting or its database is unavailable: try again shortly.",
};

const botIdParam = z.object({
  botId: z.string().meta({ description: "The bot's id.", example: "k3Xp9aQ2" }),
});
const idParam = (name: string, description: string) =>
  z.object({ [name]: z.uuid().meta({ description }) });

/** The query string as an object (first value of each name). */
const queryOf = (c: PublicContext) => c.req.query();

async function requireOwnedBot(c: PublicContext, services: AppServices, botId: string) {
  const bot = await services.console.bots.get(c.get("apiOwnerId"), botId).catch(() => null);
  if (!bot) throw new AppError("NOT_FOUND");
  return bot;
}

function toPublicBot(bot: {
  id: string;
  name: string;
  description: string;
  status: "active" | "paused";
  publicPath: string;
  createdAt: string;
}) {
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description,
    status: bot.status,
    publicPath: bot.publicPath,
    createdAt: bot.createdAt,
  };
}

const routes: PublicRoute[] = [
  {
    method: "get",
    path: "/bots",
    operation: {
      tags: ["Bots"],
      summary: "List your bots",
      responses: { "200": json(BotListSchema, "Your bots, newest first."), ...errors(401, 429) },
    },
    async handle(c, services) {
      const bots = await services.console.bots.list(c.get("apiOwnerId"));
      return c.json({ bots: bots.map(toPublicBot) });
    },
  },
  {
    method: "get",
    path: "/bots/{botId}",
    operation: {
      tags: ["Bots"],
      summary: "Get a bot",
      requestParams: { path: botIdParam },
      responses: { "200": json(PublicBotSchema, "The bot."), ...errors(401, 404, 429) },
    },
    async handle(c, services) {
      return c.json(toPublicBot(await requireOwnedBot(c, services, c.req.param("botId") ?? "")));
    },
  },
  {
    method: "post",
    path: "/bots/{botId}/chat",
    bodyBytes: publicApiLimits.chatBodyMaxBytes,
    operation: {
      tags: ["Chat"],
      summary: "Send a message and get the bot's reply",
      description:
        "Stores the message, then answers it like every channel of the bot does (persona, FAQs, knowledge). " +
        "Send `Accept: text/event-stream` to receive the reply as it is written: events `start` " +
        "(`{ conversationId, userMessageId, botMessageId }`), `token` (`{ text }`) …, then `done` " +
        "(`{ status, reason?, sources }`) or `error` (`{ code, message }`, the apology). Without it the whole " +
        "reply comes as JSON. `sources` lists the FAQs and knowledge passages the reply was answered from, " +
        "best first (empty when the bot did not know).",
      requestParams: { path: botIdParam },
      requestBody: { content: { "application/json": { schema: PublicChatRequestSchema } } },
      responses: {
        "200": {
          description: "The reply (JSON), or its stream (SSE).",
          content: {
            "application/json": { schema: PublicChatResponseSchema },
            "text/event-stream": {
              schema: z.string().meta({ description: "Server-Sent Events, as described above." }),
            },
          },
        },
        ...errors(400, 401, 404, 413, 415, 422, 429, 503),
      },
    },
    async handle(c, services) {
      const chatBot = await services.bots.loadForChat(c.req.param("botId") ?? "");
      // Someone else's bot answers exactly like one that does not exist.
      if (chatBot.bot.ownerId !== c.get("apiOwnerId")) throw new AppError("NOT_FOUND");
      const request = parseInput(PublicChatRequestSchema, await readJsonBody(c));
      const contact = request.contact;
      const { participant, scope } = await chatParticipant(c, services, request);
      return respondWithTurn(c, {
        logger: services.logger,
        // Integrators get JSON unless they ask for the stream.
        defaultFormat: "json",
        start: (signal) =>
          services.chat.runTurn({
            chatBot,
            participant,
            message: { text: request.message },
            conversationId: request.conversationId,
            conversationScope: scope,
            language: contact?.language ?? null,
            signal,
          }),
        toJson: (turn, outcome) => ({
          conversationId: turn.ids.conversationId,
          contactId: turn.contactId,
          userMessageId: turn.ids.userMessageId,
          botMessageId: turn.ids.botMessageId,
          status: outcome.status,
          // Cut short by a server shutdown: the partial reply is stored; send the message again.
          ...(outcome.reason ? { reason: outcome.reason } : {}),
          reply: outcome.reply,
          sources: outcome.sources,
        }),
      });
    },
  },
  {
    method: "get",
    path: "/conversations",
    operation: {
      tags: ["Conversations"],
      summary: "List conversations",
      description:
        "Most recently active first, across your bots (or one with `botId`), on every channel.",
      requestParams: { query: ConversationListQuerySchema },
      responses: {
        "200": json(ConversationPageSchema, "A page of conversations."),
        ...errors(401, 422, 429),
      },
    },
    async handle(c, services) {
      const query = parseInput(ConversationListQuerySchema, queryOf(c));
      return c.json(await listConversations(services.database.db, c.get("apiOwnerId"), query));
    },
  },
  {
    method: "get",
    path: "/conversations/{conversationId}",
    operation: {
      tags: ["Conversations"],
      summary: "Get a conversation",
      requestParams: { path: idParam("conversationId", "The conversation's id.") },
      responses: {
        "200": json(PublicConversationSchema, "The conversation."),
        ...errors(401, 404, 429),
      },
    },
    async handle(c, services) {
      return c.json(
        await getConversation(
          services.database.db,
          c.get("apiOwnerId"),
          c.req.param("conversationId") ?? "",
        ),
      );
    },
  },
  {
    method: "get",
    path: "/conversations/{conversationId}/messages",
    operation: {
      tags: ["Conversations"],
      summary: "List a conversation's messages",
      description:
        "The latest messages first, page by page; each page is in the order they were sent.",
      requestParams: {
        path: idParam("conversationId", "The conversation's id."),
        query: ListQuerySchema,
      },
      responses: {
        "200": json(MessagePageSchema, "A page of messages."),
        ...errors(401, 404, 422, 429),
      },
    },
    async handle(c, services) {
      const query = parseInput(ListQuerySchema, queryOf(c));
      return c.json(
        await listConversationMessages(
          services.database.db,
          c.get("apiOwnerId"),
          c.req.param("conversationId") ?? "",
          query,
        ),
      );
    },
  },
  {
    method: "get",
    path: "/contacts",
    operation: {
      tags: ["Contacts"],
      summary: "List contacts",
      description: "The people your bots talked with, most recently seen first.",
      requestParams: { query: ContactListQuerySchema },
      responses: {
        "200": json(ContactPageSchema, "A page of contacts."),
        ...errors(401, 422, 429),
      },
    },
    async handle(c, services) {
      const query = parseInput(ContactListQuerySchema, queryOf(c));
      return c.json(await listContacts(services.database.db, c.get("apiOwnerId"), query));
    },
  },
  {
    method: "get",
    path: "/contacts/{contactId}",
    operation: {
      tags: ["Contacts"],
      summary: "Get a contact",
      requestParams: { path: idParam("contactId", "The contact's id.") },
      responses: { "200": json(PublicContactSchema, "The contact."), ...errors(401, 404, 429) },
    },
    async handle(c, services) {
      return c.json(
        await getContact(services.database.db, c.get("apiOwnerId"), c.req.param("contactId") ?? ""),
      );
    },
  },
  {
    method: "patch",
    path: "/contacts/{contactId}",
    bodyBytes: 64 * 1024,
    operation: {
      tags: ["Contacts"],
      summary: "Update a contact",
      description: `Set the name, email, language, or attributes (merged; \`null\` removes a key; at most ${publicApiLimits.attributesMax} keys).`,
      requestParams: { path: idParam("contactId", "The contact's id.") },
      requestBody: { content: { "application/json": { schema: UpdateContactSchema } } },
      responses: {
        "200": json(PublicContactSchema, "The contact as stored."),
        ...errors(400, 401, 404, 413, 415, 422, 429),
      },
    },
    async handle(c, services) {
      const input = parseInput(UpdateContactSchema, await readJsonBody(c));
      return c.json(
        await updateContact(
          services.database.db,
          c.get("apiOwnerId"),
          c.req.param("contactId") ?? "",
          input,
          publicApiLimits.attributesMax,
        ),
      );
    },
  },
  {
    method: "get",
    path: "/bots/{botId}/knowledge",
    operation: {
      tags: ["Knowledge"],
      summary: "List a bot's knowledge sources",
      requestParams: { path: botIdParam },
      responses: {
        "200": json(KnowledgeSourceListSchema, "The sources, with their status."),
        ...errors(401, 404, 429),
      },
    },
    async handle(c, services) {
      const sources = await services.console.knowledge.list(
        c.get("apiOwnerId"),
        c.req.param("botId") ?? "",
      );
      return c.json({ sources });
    },
  },
  {
    method: "post",
    path: "/bots/{botId}/knowledge",
    operation: {
      tags: ["Knowledge"],
      summary: "Add a knowledge source",
      description:
        "Pasted text (`kind: text`) or questions and answers (`kind: faq`) as JSON, or a file " +
        `(PDF, DOCX, TXT, MD or CSV, at most ${Math.round(consoleLimits.knowledgeFileBytes / 1024 / 1024)} MB) as ` +
        "`multipart/form-data` with the field `file`. It is read and indexed in the background: " +
        "poll its status.",
      requestParams: { path: botIdParam },
      requestBody: {
        content: {
          "application/json": { schema: AddKnowledgeRequestSchema },
          "multipart/form-data": {
            schema: z.object({ file: z.string().meta({ format: "binary" }) }),
          },
        },
      },
      responses: {
        "201": json(PublicKnowledgeSourceSchema, "The source, `pending` until indexed."),
        ...errors(400, 401, 404, 413, 415, 422, 429),
      },
    },
    async handle(c, services) {
      const ownerId = c.get("apiOwnerId");
      const botId = c.req.param("botId") ?? "";
      const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (type === "multipart/form-data") {
        const file = await readUploadedFile(c);
        return c.json(await services.console.knowledge.addFile(ownerId, botId, file), 201);
      }
      if (type !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE");
      const body = await withBodyLimit(c, consoleLimits.knowledgeText * 4 + 64 * 1024, () =>
        readJsonBody(c),
      );
      return c.json(
        await services.console.knowledge.add(
          ownerId,
          botId,
          parseInput(AddKnowledgeRequestSchema, body),
        ),
        201,
      );
    },
  },
  {
    method: "get",
    path: "/bots/{botId}/knowledge/{sourceId}",
    operation: {
      tags: ["Knowledge"],
      summary: "Get a knowledge source (its status)",
      requestParams: {
        path: botIdParam.extend({ sourceId: z.uuid().meta({ description: "The source's id." }) }),
      },
      responses: {
        "200": json(PublicKnowledgeSourceSchema, "The source."),
        ...errors(401, 404, 429),
      },
    },
    async handle(c, services) {
      const sources = await services.console.knowledge.list(
        c.get("apiOwnerId"),
        c.req.param("botId") ?? "",
      );
      const source = sources.find((item) => item.id === c.req.param("sourceId"));
      if (!source) throw new AppError("NOT_FOUND");
      return c.json(source);
    },
  },
  {
    method: "delete",
    path: "/bots/{botId}/knowledge/{sourceId}",
    operation: {
      tags: ["Knowledge"],
      summary: "Delete a knowledge source",
      requestParams: {
        path: botIdParam.extend({ sourceId: z.uuid().meta({ description: "The source's id." }) }),
      },
      responses: { "204": { description: "Deleted." }, ...errors(401, 404, 429) },
    },
    async handle(c, services) {
      await services.console.knowledge.delete(
        c.get("apiOwnerId"),
        c.req.param("botId") ?? "",
        c.req.param("sourceId") ?? "",
      );
      return c.body(null, 204);
    },
  },
  // Feedback on replies (thumbs, CSAT) and exports: their own files, same table.
  ...publicFeedbackRoutes,
  ...publicExportRoutes,
];

/**
 * Who writes: the request's `contact` (a conversation it continues must be that contact's), else,
 * continuing a conversation, that conversation's contact (the integrator follows up for them),
 * else the API key's own contact.
 */
async function chatParticipant(
  c: PublicContext,
  services: AppServices,
  request: PublicChatRequest,
): Promise<{ participant: TurnParticipant; scope: "contact" | "bot" }> {
  const contact = request.contact;
  if (contact || !request.conversationId) {
    return {
      participant: {
        channel: "api",
        externalId: apiExternalId(c.get("apiKeyId"), contact?.id),
        displayName: contact?.name ?? null,
        email: contact?.email ?? null,
        language: contact?.language ?? null,
      },
      scope: "contact",
    };
  }
  const owner = await getConversationContact(
    services.database.db,
    c.get("apiOwnerId"),
    request.conversationId,
  );
  return { participant: { channel: owner.channel, externalId: owner.externalId }, scope: "bot" };
}

/** The routes as OpenAPI paths (see public-api-document.ts). */
export function publicApiPaths(): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    paths[route.path] = {
      ...paths[route.path],
      [route.method]: { ...route.operation, security: [{ apiKey: [] }] },
    };
  }
  return paths;
}

/** "/bots/{botId}" → "/bots/:botId" */
export const toHonoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * The public API, `/api/v1`, for the owner's own software: `Authorization: Bearer <API key>`
 * (created in the console). No cookies are read, so no same-origin check is needed; answers are
 * never cached. A key sees only its owner's bots and what belongs to them (anyone else's: 404),
 * and is limited per minute (`services.rateLimits.publicApi`). The routes and their documentation
 * are the table above; `GET /api/v1/openapi.json` is the document (no key needed).
 */
export function createPublicApi(
  services: AppServices,
  { openApiDocument }: { openApiDocument: () => object },
) {
  const api = new Hono<PublicApiEnv>();

  api.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    c.header("Access-Control-Allow-Origin", "*");
    return c.json(openApiDocument());
  });

  api.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    const key = match?.[1];
    const identity = key ? await services.console.apiKeys.authenticate(key) : null;
    if (!key || !identity) return unauthorized(c);
    await services.rateLimits.publicApi.consume(identity.keyId);
    c.set("apiOwnerId", identity.ownerId);
    c.set("apiKeyId", identity.keyId);
    await next();
  });

  for (const route of routes) {
    const path = toHonoPath(route.path);
    const handler = (c: PublicContext) => route.handle(c, services);
    if (route.bodyBytes)
      api.on(route.method.toUpperCase(), path, jsonBody(route.bodyBytes), handler);
    else api.on(route.method.toUpperCase(), path, handler);
  }

  // A known path with another method: 405 with the methods it has.
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    const path = toHonoPath(route.path);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), route.method.toUpperCase()]);
  }
  for (const [path, methods] of methodsByPath) {
    api.all(path, (c) =>
      c.json(
        toErrorBody(
          "METHOD_NOT_ALLOWED",
          errorMessage("METHOD_NOT_ALLOWED", requestLocale(c.req.raw)),
        ),
        405,
        { Allow: methods.join(", ") },
      ),
    );
  }

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

/** The `file` field of a multipart upload, read within the upload limit. */
async function readUploadedFile(c: PublicContext) {
  const form = await withBodyLimit(c, knowledgeUploadBodyBytes, async () => {
    try {
      return await c.req.formData();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("BAD_REQUEST", { message: "body is not multipart form data" });
    }
  });
  const file = form.get("file");
  if (!(file instanceof File))
    throw new AppError("VALIDATION_FAILED", { fields: { file: "missing" } });
  return { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Reads the body within `maxSize` bytes; PAYLOAD_TOO_LARGE past it. */
async function withBodyLimit<T>(c: PublicContext, maxSize: number, read: () => Promise<T>) {
  let result: { value: T } | undefined;
  await bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  })(c, async () => {
    result = { value: await read() };
  });
  if (!result) throw new AppError("PAYLOAD_TOO_LARGE");
  return result.value;
}
