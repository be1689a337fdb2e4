import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import { parseSse } from "../test/read-sse";

type OpenApiDocument = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
      }
    >
  >;
  components: { schemas: Record<string, object> };
};

/**
 * Checks a real response against the document: the route and status must be documented, and a
 * JSON body must validate against the documented schema (with the document's components).
 */
function createResponseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "doc", components: document.components });
  const resolve = (schema: object) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object;
  const checked = new Set<string>();
  return {
    checked,
    async check(method: string, path: string, response: Response) {
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path} is documented`).toBeDefined();
      const documented = operation!.responses[String(response.status)];
      expect(documented, `${method} ${path} documents ${response.status}`).toBeDefined();
      checked.add(`${method.toUpperCase()} ${path} ${response.status}`);
      const type = response.headers.get("content-type")?.split(";")[0] ?? "";
      if (type !== "application/json") return undefined;
      const body = (await response.clone().json()) as unknown;
      const schema = documented!.content?.["application/json"]?.schema;
      expect(schema, `${method} ${path} ${response.status} has a JSON schema`).toBeDefined();
      const validate = ajv.compile(resolve(schema!));
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      return body;
    },
  };
}

describe("the public API (/api/v1), as documented", () => {
  let testDatabase: TestDatabase;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  async function setUp() {
    const testApp = createConsoleTestApp(testDatabase, { publicApiRateLimit: 1000 });
    const owner = await signInOwner(testApp, testDatabase, "api-owner@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      faqs: [{ question: "When are you open?", answer: "Every day from 9 to 5." }],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Shop bot",
    });
    const key = (await owner.request("POST", "/api/console/api-keys", { name: "CRM" })).body.key;
    const documentResponse = await testApp.app.request("/api/v1/openapi.json");
    expect(documentResponse.status).toBe(200);
    const document = (await documentResponse.json()) as OpenApiDocument;
    const validator = createResponseValidator(document);
    const call = async (
      method: string,
      documentedPath: string,
      params: Record<string, string> = {},
      init: { body?: unknown; query?: string; accept?: string; bearer?: string } = {},
    ) => {
      const path = documentedPath.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "");
      const response = await testApp.app.request(`/api/v1${path}${init.query ?? ""}`, {
        method,
        headers: {
          Authorization: `Bearer ${init.bearer ?? key}`,
          ...(init.accept ? { Accept: init.accept } : {}),
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked against the document
      const body = (await validator.check(method, documentedPath, response)) as any;
      return { status: response.status, body, response };
    };
    return { testApp, owner, botId: bot.body.id as string, key, document, validator, call };
  }

  it("documents every registered route, as OpenAPI 3.1 with the server's URL", async () => {
    const { testApp, document } = await setUp();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "http://localhost:3000/api/v1" }]);
    const registered = new Set(
      testApp.app.routes
        .filter(
          (route) =>
            route.path.startsWith("/api/v1/") &&
            !route.path.includes("*") &&
            route.method !== "ALL" &&
            route.path !== "/api/v1/openapi.json",
        )
        .map((route) => `${route.method} ${route.path.slice("/api/v1".length)}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
        ),
      ),
    );
    expect(registered.size).toBeGreaterThanOrEqual(13);
    expect([...registered].sort()).toEqual([...documented].sort());
  });

  it("answers every route as the document says, JSON and SSE", async () => {
    const { botId, call } = await setUp();

    const bots = await call("GET", "/bots");
    expect(bots.body.bots.map((bot: { id: string }) => bot.id)).toEqual([botId]);
    expect((await call("GET", "/bots/{botId}", { botId })).body.name).toBe("Shop bot");

    const chat = await call(
      "POST",
      "/bots/{botId}/chat",
      { botId },
      {
        body: {
          message: "When are you open?",
          contact: { id: "crm-42", name: "Somchai", email: "somchai@example.com", language: "th" },
        },
      },
    );
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({ status: "completed" });
    expect(chat.body.reply).toContain("9 to 5");
    // What the reply was answered from: the persona's FAQ.
    expect(chat.body.sources).toEqual([
      { passageId: "faq:0", sourceId: null, kind: "faq", title: "FAQ" },
    ]);

    // The stream, asked for with Accept.
    const streamed = await call(
      "POST",
      "/bots/{botId}/chat",
      { botId },
      {
        body: { message: "Thanks", conversationId: chat.body.conversationId },
        accept: "text/event-stream",
      },
    );
    expect(streamed.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = parseSse(await streamed.response.text());
    expect(events[0]).toMatchObject({ event: "start" });
    expect(events.at(-1)).toMatchObject({ event: "done", data: { status: "completed" } });
    expect(Array.isArray((events.at(-1)!.data as { sources: unknown }).sources)).toBe(true);

    const conversations = await call("GET", "/conversations", {}, { query: `?botId=${botId}` });
    expect(conversations.body.conversations).toHaveLength(1);
    const [conversation] = conversations.body.conversations;
    expect(conversation).toMatchObject({
      id: chat.body.conversationId,
      channel: "api",
      contactId: chat.body.contactId,
      messageCount: 4,
    });
    expect(
      (await call("GET", "/conversations/{conversationId}", { conversationId: conversation.id }))
        .body.id,
    ).toBe(conversation.id);
    const messages = await call(
      "GET",
      "/conversations/{conversationId}/messages",
      { conversationId: conversation.id },
      { query: "?limit=3" },
    );
    expect(messages.body.messages.map((m: { sender: string }) => m.sender)).toEqual([
      "bot",
      "user",
      "bot",
    ]);
    expect(messages.body.nextCursor).toEqual(expect.any(String));
    const older = await call(
      "GET",
      "/conversations/{conversationId}/messages",
      { conversationId: conversation.id },
      { query: `?limit=3&cursor=${messages.body.nextCursor}` },
    );
    expect(older.body.messages.map((m: { content: string }) => m.content)).toEqual([
      "When are you open?",
    ]);
    expect(older.body.nextCursor).toBeNull();

    const contacts = await call("GET", "/contacts", {}, { query: "?channel=api" });
    expect(contacts.body.contacts).toEqual([
      expect.objectContaining({
        id: chat.body.contactId,
        externalId: "user:crm-42",
        displayName: "Somchai",
        email: "somchai@example.com",
        language: "th",
        attributes: {},
      }),
    ]);
    const contactId = chat.body.contactId as string;
    await call(
      "PATCH",
      "/contacts/{contactId}",
      { contactId },
      { body: { attributes: { tier: "gold", visits: 3, vip: true } } },
    );
    const patched = await call(
      "PATCH",
      "/contacts/{contactId}",
      { contactId },
      { body: { displayName: "Somchai J.", attributes: { visits: 4, vip: null } } },
    );
    expect(patched.body).toMatchObject({
      displayName: "Somchai J.",
      attributes: { tier: "gold", visits: 4 },
    });
    expect((await call("GET", "/contacts/{contactId}", { contactId })).body.attributes).toEqual({
      tier: "gold",
      visits: 4,
    });

    const added = await call(
      "POST",
      "/bots/{botId}/knowledge",
      { botId },
      { body: { kind: "text", title: "Delivery", text: "We deliver in Bangkok within a day." } },
    );
    expect(added.status).toBe(201);
    expect(added.body.status).toBe("pending");
    const sourceId = added.body.id as string;
    expect((await call("GET", "/bots/{botId}/knowledge", { botId })).body.sources).toHaveLength(1);
    expect(
      (await call("GET", "/bots/{botId}/knowledge/{sourceId}", { botId, sourceId })).status,
    ).toBe(200);
    expect(
      (await call("DELETE", "/bots/{botId}/knowledge/{sourceId}", { botId, sourceId })).status,
    ).toBe(204);
    expect(
      (await call("GET", "/bots/{botId}/knowledge/{sourceId}", { botId, sourceId })).status,
    ).toBe(404);
  });

  it("pages conversations with a cursor, and filters them", async () => {
    const { botId, call } = await setUp();
    for (let index = 0; index < 5; index++) {
      await call(
        "POST",
        "/bots/{botId}/chat",
        { botId },
        { body: { message: `Hello ${index}`, contact: { id: `person-${index}` } } },
      );
    }
    const seen: string[] = [];
    let cursor = "";
    for (let pages = 0; pages < 5; pages++) {
      const page = await call("GET", "/conversations", {}, { query: `?limit=2${cursor}` });
      seen.push(...page.body.conversations.map((c: { id: string }) => c.id));
      if (!page.body.nextCursor) break;
      cursor = `&cursor=${page.body.nextCursor}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(
      (await call("GET", "/conversations", {}, { query: "?channel=widget" })).body.conversations,
    ).toEqual([]);
    expect((await call("GET", "/conversations", {}, { query: "?limit=101" })).status).toBe(422);
    expect((await call("GET", "/conversations", {}, { query: "?cursor=nonsense" })).status).toBe(
      422,
    );
    expect((await call("GET", "/conversations", {}, { query: "?channel=fax" })).status).toBe(422);
  });

  it("refuses bad input with the documented error shape", async () => {
    const { botId, call } = await setUp();
    const empty = await call("POST", "/bots/{botId}/chat", { botId }, { body: { message: "" } });
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { message: "missing" },
    });
    const badContact = await call(
      "POST",
      "/bots/{botId}/chat",
      { botId },
      { body: { message: "hi", contact: { id: "" } } },
    );
    expect(badContact.status).toBe(422);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const chat = await call("POST", "/bots/{botId}/chat", { botId }, { body: { message: "hi" } });
    const contactId = chat.body.contactId as string;
    expect(
      (
        await call(
          "PATCH",
          "/contacts/{contactId}",
          { contactId },
          { body: { attributes: tooMany } },
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await call(
          "PATCH",
          "/contacts/{contactId}",
          { contactId },
          { body: { attributes: { "bad key": 1 } } },
        )
      ).status,
    ).toBe(422);
  });

  it("shows a key nothing of another owner's bots, conversations or contacts", async () => {
    const { testApp, botId, call } = await setUp();
    const chat = await call("POST", "/bots/{botId}/chat", { botId }, { body: { message: "hi" } });
    const stranger = await signInOwner(testApp, testDatabase, "stranger@example.com");
    const strangerKey = (await stranger.request("POST", "/api/console/api-keys", { name: "x" }))
      .body.key as string;
    const as = { bearer: strangerKey };
    const conversationId = chat.body.conversationId as string;
    const contactId = chat.body.contactId as string;
    expect((await call("GET", "/bots", {}, as)).body.bots).toEqual([]);
    for (const [method, path, params, body] of [
      ["GET", "/bots/{botId}", { botId }],
      ["POST", "/bots/{botId}/chat", { botId }, { message: "hi" }],
      ["POST", "/bots/{botId}/chat", { botId }, { message: "hi", conversationId }],
      ["GET", "/conversations/{conversationId}", { conversationId }],
      ["GET", "/conversations/{conversationId}/messages", { conversationId }],
      ["GET", "/contacts/{contactId}", { contactId }],
      ["PATCH", "/contacts/{contactId}", { contactId }, { displayName: "x" }],
      ["GET", "/bots/{botId}/knowledge", { botId }],
    ] as const) {
      const response = await call(method, path, params, { ...as, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", "/conversations", {}, as)).body.conversations).toEqual([]);
    expect((await call("GET", "/contacts", {}, as)).body.contacts).toEqual([]);
  });
});
