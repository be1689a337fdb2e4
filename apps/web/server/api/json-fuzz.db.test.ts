import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine } from "@jai/engine";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../app";
import { type AppServices, createAppServices } from "../services/app-services";
import {
  type ConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
  testSecretKey,
} from "../test/console-test-app";
import { createMemoryLogger } from "../test/memory-logger";

// Setting up signs an owner up through the real auth (scrypt), and 2,100 requests through the
// whole app take about 20 seconds on an idle machine: room for a busy one.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

/**
 * Whatever a client sends to a JSON endpoint, the answer is never a 5xx: malformed or bare JSON,
 * wrong types, control characters and lone surrogates, huge strings, prototype keys, arrays for
 * objects, wrong content types, hostile query strings and path segments. Each endpoint draws its
 * requests from a PRNG seeded with JSON_FUZZ_SEED (default below) and its own name, so a failure
 * is reproduced by running the test again with the seed it prints.
 */
const seed = Number(process.env.JSON_FUZZ_SEED ?? 20261123);
const requestsPerEndpoint = 60;

type Ids = { personaId: string; botId: string; conversationId: string; listingId: string };
type Caller = "visitor" | "owner" | "apiKey";

type FuzzEndpoint = {
  method: "GET" | "POST" | "PUT" | "PATCH";
  path: (ids: Ids) => string;
  caller: Caller;
  /** A valid body, which the fuzzer breaks; none: the query string and path are fuzzed. */
  body?: (ids: Ids) => Record<string, unknown>;
  /** The query parameters the endpoint reads, with valid values. */
  query?: Record<string, string>;
};

const post = (path: FuzzEndpoint["path"], caller: Caller, body: FuzzEndpoint["body"]) =>
  ({ method: "POST", path, caller, body }) as FuzzEndpoint;
const get = (path: FuzzEndpoint["path"], caller: Caller, query: Record<string, string> = {}) =>
  ({ method: "GET", path, caller, query }) as FuzzEndpoint;

const persona = () => ({
  name: "Mali",
  avatar: "🤖",
  role: "Support Agent",
  bio: "Helps with orders.",
  faqs: [{ question: "Open?", answer: "Every day." }],
  defaultReplies: ["Hello"],
  language: "english",
  gender: "female",
});

/**
 * Every JSON endpoint, one line each. A new JSON endpoint joins this table (its caller and a
 * valid body or its query parameters); the fuzzer does the rest.
 */
const endpoints: FuzzEndpoint[] = [
  // accounts (better-auth behind auth-api.ts)
  post(
    () => "/api/auth/sign-up/email",
    "visitor",
    () => ({ name: "Somchai", email: "new@example.com", password: "long enough pw", locale: "en" }),
  ),
  post(
    () => "/api/auth/sign-in/email",
    "visitor",
    () => ({ email: "nobody@example.com", password: "long enough pw" }),
  ),
  post(
    () => "/api/auth/update-user",
    "owner",
    () => ({ name: "Owner", locale: "th" }),
  ),
  post(
    () => "/api/auth/change-email",
    "owner",
    () => ({ newEmail: "next@example.com" }),
  ),
  post(
    () => "/api/auth/request-password-reset",
    "visitor",
    () => ({ email: "a@example.com" }),
  ),
  post(
    () => "/api/auth/reset-password",
    "visitor",
    () => ({ newPassword: "another long pw", token: "abc" }),
  ),
  post(
    () => "/api/auth/send-verification-email",
    "visitor",
    () => ({ email: "a@example.com" }),
  ),
  post(
    () => "/api/auth/revoke-session",
    "owner",
    () => ({ sessionId: "abc" }),
  ),
  post(
    () => "/api/auth/two-factor/verify-totp",
    "visitor",
    () => ({ code: "123456" }),
  ),
  post(
    () => "/api/auth/sign-out",
    "visitor",
    () => ({}),
  ),
  get(() => "/api/auth/verify-email", "visitor", { token: "abc" }),
  // contact
  post(
    () => "/api/contact",
    "visitor",
    () => ({
      name: "Somchai",
      email: "somchai@example.co.th",
      company: "Jaidee",
      phone: "+66 81 234 5678",
      reason: "sales",
      subject: "Pro plan",
      message: "A demo, please.",
      honeypot: "",
      language: "th",
    }),
  ),
  // the public chat (SSE; JSON with Accept: application/json)
  post(
    (ids) => `/api/bots/${ids.botId}/chat`,
    "visitor",
    () => ({ message: "hello", image: null, language: "en" }),
  ),
  get((ids) => `/api/bots/${ids.botId}`, "visitor"),
  get((ids) => `/api/bots/${ids.botId}/conversations/${ids.conversationId}/messages`, "visitor"),
  // the public API
  get(() => "/api/v1/bots", "apiKey"),
  post(
    (ids) => `/api/v1/bots/${ids.botId}/chat`,
    "apiKey",
    (ids) => ({ message: "hello", conversationId: ids.conversationId }),
  ),
  post(
    (ids) => `/api/v1/bots/${ids.botId}/chat`,
    "apiKey",
    () => ({ message: "hello", contact: { id: "crm-1", name: "Somchai", language: "th" } }),
  ),
  get(() => "/api/v1/conversations", "apiKey", { limit: "5", channel: "web" }),
  get((ids) => `/api/v1/conversations/${ids.conversationId}/messages`, "apiKey", { limit: "5" }),
  get(() => "/api/v1/contacts", "apiKey", { limit: "5", channel: "api" }),
  post(
    (ids) => `/api/v1/bots/${ids.botId}/knowledge`,
    "apiKey",
    () => ({
      kind: "text",
      title: "Hours",
      text: "Open 9 to 5.",
    }),
  ),
  // console: personas, bots, knowledge, conversations, API keys
  post(() => "/api/console/personas", "owner", persona),
  {
    method: "PUT",
    path: (ids) => `/api/console/personas/${ids.personaId}`,
    caller: "owner",
    body: persona,
  },
  post(
    () => "/api/console/bots",
    "owner",
    (ids) => ({ personaId: ids.personaId, name: "Bot", description: "", provider: "local" }),
  ),
  {
    method: "PATCH",
    path: (ids) => `/api/console/bots/${ids.botId}`,
    caller: "owner",
    body: () => ({ name: "Renamed", purpose: "Answers", status: "active" }),
  },
  post(
    (ids) => `/api/console/bots/${ids.botId}/knowledge`,
    "owner",
    () => ({ kind: "text", title: "Hours", text: "Open from 9 to 5." }),
  ),
  post(
    (ids) => `/api/console/bots/${ids.botId}/knowledge`,
    "owner",
    () => ({ kind: "faq", title: "FAQ", faqs: [{ question: "Open?", answer: "Yes." }] }),
  ),
  post(
    (ids) => `/api/console/bots/${ids.botId}/knowledge/search`,
    "owner",
    () => ({ question: "opening hours" }),
  ),
  get((ids) => `/api/console/bots/${ids.botId}/conversations`, "owner", {
    search: "hello",
    cursor: "",
  }),
  get((ids) => `/api/console/bots/${ids.botId}/conversations.csv`, "owner", { search: "hello" }),
  get((ids) => `/api/console/bots/${ids.botId}/channels`, "owner"),
  post(
    () => "/api/console/webhooks",
    "owner",
    () => ({
      url: "https://93.184.216.34/hooks",
      events: ["message.created", "contact.created"],
      description: "CRM ลูกค้า",
    }),
  ),
  {
    method: "PUT",
    path: (ids) => `/api/console/bots/${ids.botId}/channels/widget`,
    caller: "owner",
    body: () => ({
      enabled: false,
      settings: {
        color: "#0f766e",
        position: "left",
        launcherLabel: "Chat",
        greeting: "สวัสดีค่ะ",
        greetingDelaySeconds: 5,
        language: "th",
        startOpen: false,
        allowedOrigins: ["https://shop.example"],
      },
    }),
  },
  get((ids) => `/api/console/bots/${ids.botId}/conversations/${ids.conversationId}`, "owner"),
  post(
    () => "/api/console/api-keys",
    "owner",
    () => ({ name: "Shop" }),
  ),
  // marketplace
  get(() => "/api/marketplace/listings", "visitor", {
    category: "other",
    language: "english",
    cursor: "",
  }),
  get((ids) => `/api/marketplace/listings/${ids.listingId}`, "visitor"),
  post(
    () => "/api/marketplace/listings",
    "owner",
    (ids) => ({ personaId: ids.personaId, category: "other", language: "english", summary: "" }),
  ),
  get(() => "/api/marketplace/review", "owner", { status: "pending" }),
  post(
    (ids) => `/api/marketplace/listings/${ids.listingId}/reject`,
    "owner",
    () => ({ note: "Add a bio." }),
  ),
  // the builder's live preview (SSE) and persona card
  post(
    () => "/api/personas/preview",
    "visitor",
    () => ({ persona: persona(), history: [{ role: "user", content: "hi" }], message: "hello" }),
  ),
  post(
    () => "/api/personas/card.pdf",
    "visitor",
    () => ({ persona: persona(), locale: "th" }),
  ),
];

// ---- the fuzzer ----------------------------------------------------------------------------

/** mulberry32: small, fast and the same on every machine. */
function createRandom(seedValue: number) {
  let state = seedValue >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

function hashName(name: string): number {
  let hash = 2166136261;
  for (let index = 0; index < name.length; index++) {
    hash = Math.imul(hash ^ name.charCodeAt(index), 16777619);
  }
  return hash >>> 0;
}

const hostileStrings = [
  "hi\u0000there",
  "\u0000",
  "\u0007\u001b[31mred\u001b[0m",
  "\uD800",
  "lone \uDC00 low",
  "a\uD83D",
  "\uFFFF\uFEFF\u2028\u2029",
  "x".repeat(300_000),
  "ไทย".repeat(20_000),
  "   ",
  "",
  "__proto__",
  "' OR 1=1 --",
  "%00",
  "https://evil.test/a.png",
  "/api/avatars/../../evil",
  "😀".repeat(1000),
  "\r\n\r\nX-Injected: 1",
];

const wrongTypes: unknown[] = [
  0,
  -1,
  1e308,
  true,
  null,
  [],
  ["a"],
  {},
  { __proto__: null, toString: "x" },
  [[[[[]]]]],
];

const bareBodies = ['"str"', "1", "null", "true", "[]", "[1,2]", '"\\u0000"', "{}"];

const malformedBodies = [
  "{",
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  "\u0000",
  "undefined",
  "NaN",
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"a":${"{".repeat(3000)}${"}".repeat(3000)}}`,
];

const prototypeBodies = (base: Record<string, unknown>) => {
  const rest = JSON.stringify(base).slice(1);
  const comma = rest === "}" ? "" : ",";
  return [
    `{"__proto__":{"isAdmin":true,"role":"admin"}${comma}${rest}`,
    `{"constructor":{"prototype":{"polluted":true}}${comma}${rest}`,
    `{"prototype":{"polluted":true},"__proto__":null${comma}${rest}`,
  ];
};

const wrongContentTypes = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/jsonp",
];

const hostileQueryValues = [
  "%00",
  "a%00b",
  "%D8%00",
  "%ED%A0%80",
  "%C0%AF",
  "%ZZ",
  "%",
  "%FF%FE",
  encodeURIComponent("x".repeat(5000)),
  "%07%1B",
  "__proto__",
  "a&search=b",
];

const hostilePathSegments = ["%00", "a%00b", "%ED%A0%80", "..%2F..%2F", "%", "x".repeat(3000)];

/** Every path to a string inside `value` ([] for the value itself), objects and arrays. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function fieldPaths(value: Record<string, unknown>): (string | number)[][] {
  return [...stringPaths(value), ...Object.keys(value).map((key) => [key])];
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...tail] = path;
  const copy = (
    Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }
  ) as Record<string | number, unknown>;
  copy[head as string] = setAt(copy[head as string], tail, replacement);
  return copy;
}

type FuzzRequest = { path: string; contentType?: string; body?: string | Uint8Array<ArrayBuffer> };

/** One broken request for a body endpoint. */
function breakBody(random: Random, path: string, base: Record<string, unknown>): FuzzRequest {
  const json = (value: unknown) => ({
    path,
    contentType: "application/json",
    body: JSON.stringify(value),
  });
  const paths = fieldPaths(base);
  switch (random.int(9)) {
    case 0:
    case 1:
    case 2: {
      // The commonest case, so the most likely to reach the database: one hostile string.
      const target = paths.length > 0 ? random.pick(paths) : ["extra"];
      return json(setAt(base, target, random.pick(hostileStrings)));
    }
    case 3: {
      const target = paths.length > 0 ? random.pick(paths) : ["extra"];
      return json(setAt(base, target, random.pick(wrongTypes)));
    }
    case 4:
      return { path, contentType: "application/json", body: random.pick(bareBodies) };
    case 5:
      return {
        path,
        contentType: "application/json",
        body: random.pick([...malformedBodies, ...prototypeBodies(base), JSON.stringify([base])]),
      };
    case 6:
      return { path, contentType: random.pick(wrongContentTypes), body: JSON.stringify(base) };
    case 7:
      // Bytes that are not UTF-8 at all.
      return {
        path,
        contentType: "application/json",
        body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
      };
    default: {
      // Several fields broken at once.
      let value: unknown = base;
      for (let count = 0; count < 3 && paths.length > 0; count++) {
        value = setAt(value, random.pick(paths), random.pick([...hostileStrings, ...wrongTypes]));
      }
      return json(value);
    }
  }
}

/** One broken request for a query endpoint: a hostile query value, or a hostile path segment. */
function breakQuery(random: Random, path: string, query: Record<string, string>): FuzzRequest {
  const keys = Object.keys(query);
  if (keys.length === 0 || random.int(3) === 0) {
    const segments = path.split("/");
    const index = 3 + random.int(Math.max(1, segments.length - 3));
    if (index < segments.length) segments[index] = random.pick(hostilePathSegments);
    return { path: segments.join("/") };
  }
  const values = Object.entries(query).map(([key, value]) => [key, encodeURIComponent(value)]);
  const target = random.int(values.length);
  values[target] = [values[target]![0]!, random.pick(hostileQueryValues)];
  return { path: `${path}?${values.map(([key, value]) => `${key}=${value}`).join("&")}` };
}

// ---- the test ------------------------------------------------------------------------------

describe("JSON endpoints under malformed input", () => {
  let testDatabase: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let owner: OwnerClient;
  let apiKey: string;
  let ids: Ids;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const log = createMemoryLogger();
    services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey: testSecretKey,
      contactTo: "team@example.com",
      publicUrl: testPublicUrl,
      // Limits high enough that requests reach validation, not the 429 in front of it.
      contactRateLimit: 100_000,
      publicApiRateLimit: 100_000,
      adminEmails: ["owner@example.com"],
      authLimits: { clientAttempts: 100_000, emailsPerClient: 100_000 },
      chat: {
        engine: createEngine({
          local: { wordDelayMs: 0 },
          resilience: { maxRetries: 0, retryBaseDelayMs: 1 },
        }),
        rateLimits: { visitor: 100_000, client: 100_000, bot: 100_000, personaPreview: 100_000 },
      },
    });
    app = createApp({
      services,
      handleDocument: async () =>
        new Response("page", { headers: { "Content-Type": "text/html" } }),
      logger: log.logger,
      isHttps: false,
      publicUrl: testPublicUrl,
    });
    const testApp: ConsoleTestApp = { app, services, log };
    owner = await signInOwner(testApp, testDatabase, "owner@example.com");

    const created = await owner.request("POST", "/api/console/personas", persona());
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: created.body.id,
      name: "Fuzzed",
    });
    const key = await owner.request("POST", "/api/console/api-keys", { name: "Fuzz" });
    const chat = await app.request(`/api/bots/${bot.body.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "hello" }),
    });
    const listing = await owner.request("POST", "/api/marketplace/listings", {
      personaId: created.body.id,
      category: "other",
      language: "english",
    });
    for (const response of [created, bot, key, listing]) expect(response.status).toBe(201);
    expect(chat.status).toBe(200);
    apiKey = key.body.key;
    ids = {
      personaId: created.body.id,
      botId: bot.body.id,
      conversationId: ((await chat.json()) as { conversationId: string }).conversationId,
      listingId: listing.body.id,
    };
  });
  afterAll(() => testDatabase?.cleanup());

  async function send(endpoint: FuzzEndpoint, request: FuzzRequest): Promise<Response> {
    const headers: Record<string, string> = { Origin: testPublicUrl };
    if (request.contentType) headers["Content-Type"] = request.contentType;
    if (endpoint.caller === "apiKey") headers.Authorization = `Bearer ${apiKey}`;
    const init = { method: endpoint.method, headers, body: request.body };
    return endpoint.caller === "owner"
      ? owner.fetch(endpoint.method, request.path, init)
      : app.request(`${testPublicUrl}${request.path}`, init);
  }

  it(`answers no 5xx to ${requestsPerEndpoint} broken requests per endpoint (seed ${seed})`, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const endpoint of endpoints) {
      const name = `${endpoint.method} ${endpoint.path(ids)}`;
      const random = createRandom(seed ^ hashName(name));
      for (let index = 0; index < requestsPerEndpoint; index++) {
        const path = endpoint.path(ids);
        const request = endpoint.body
          ? breakBody(random, path, endpoint.body(ids))
          : breakQuery(random, path, endpoint.query ?? {});
        const response = await send(endpoint, request);
        // Read to the end: a stream (chat, preview) finishes its turn before the next request.
        const text = await response.text();
        sent++;
        if (response.status >= 500) {
          const body =
            typeof request.body === "string" ? request.body.slice(0, 300) : String(request.body);
          failures.push(
            `seed ${seed}, ${endpoint.method} ${request.path.slice(0, 300)} (${request.contentType ?? "no content type"}) → ${response.status} ${text.slice(0, 200)}\n  body: ${JSON.stringify(body)}`,
          );
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(2000);
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
