import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local LINE Messaging API for tests, benchmarks and the browser tests: the endpoints Jai
 * calls, with LINE's documented behaviour (not an "accept anything"):
 *
 * - every `/v2/bot/*` call needs `Authorization: Bearer <the channel access token>` (else 401
 *   `{"message":"Authentication failed. Confirm that the access token in the authorization
 *   header is valid."}`);
 * - `POST /v2/oauth/verify` (form `access_token`) names the token's channel (`client_id`), 400
 *   for an unknown token;
 * - reply tokens are issued with the events this fake signs (`event()`), usable once, and expire
 *   after `replyTokenTtlMs` (400 `{"message":"Invalid reply token"}`); 1–5 messages a request,
 *   text at most 5,000 UTF-16 units (else 400);
 * - pushes honour `X-Line-Retry-Key`: a key seen before answers 409 with
 *   `x-line-accepted-request-id` and sends nothing;
 * - loading (`/v2/bot/chat/loading/start`) answers 202 for 5–60 seconds in steps of 5, else 400;
 * - profile, message content (images and files), bot info, quota and quota consumption (pushes
 *   count, replies do not);
 * - `fail(path, …)` makes the next calls to a path answer 429 with `Retry-After`, or 500;
 * - groups: `event({ type: "join", group })` and `leave` are what LINE sends when the account is
 *   added to or removed from a group; a push to a group the account left answers 400, as LINE's.
 */
export type FakeLine = {
  url: string;
  channelId: string;
  channelSecret: string;
  accessToken: string;
  /** What was sent: replies and pushes, in order. */
  sent: FakeLineSent[];
  /** Called on every reply or push LINE accepted (benchmarks time replies with it). */
  onSent(listener: (sent: FakeLineSent) => void): void;
  loadingCalls: { chatId: string; loadingSeconds: number }[];
  /** Every request received, "METHOD /path". */
  calls: string[];
  /** A signed webhook body with these events (LINE's envelope). */
  webhookBody(events: object[]): { body: string; signature: string };
  /** A message event from a user, with a fresh reply token. */
  event(kind: FakeLineEventInit): Record<string, unknown>;
  /** Makes the next `times` calls to `path` ("/v2/bot/message/push") fail. */
  fail(path: string, failure: { status: number; retryAfter?: number; times?: number }): void;
  /** Content served for a message id (image bytes, a file). */
  setContent(messageId: string, content: { bytes: Uint8Array; type: string }): void;
  /** Users whose profile exists. */
  setProfile(
    userId: string,
    profile: { displayName: string; pictureUrl?: string; language?: string },
  ): void;
  /** Lets the next `delayMs` of every call pass slowly (a slow LINE). */
  setDelay(delayMs: number): void;
  close(): Promise<void>;
};

export type FakeLineSent = {
  via: "reply" | "push";
  to?: string;
  replyToken?: string;
  messages: FakeLineMessage[];
  /** When LINE accepted it (ms since the epoch). */
  at: number;
};

export type FakeLineMessage = {
  type: string;
  text?: string;
  quickReply?: { items: unknown[] };
  sender?: unknown;
};

export type FakeLineEventInit =
  | { type: "text"; userId: string; text: string; group?: string; mentionSelf?: boolean }
  | { type: "image"; userId: string; messageId: string }
  | { type: "sticker"; userId: string; keywords: string[] }
  | { type: "location"; userId: string; latitude: number; longitude: number; address: string }
  | {
      type: "file";
      userId: string;
      messageId: string;
      kind: "video" | "audio" | "file";
      fileName?: string;
    }
  | { type: "follow" | "unfollow"; userId: string }
  | { type: "postback"; userId: string; data: string }
  | { type: "join" | "leave"; group: string };

export async function startFakeLine(
  options: {
    replyTokenTtlMs?: number;
    channelId?: string;
    accessToken?: string;
    port?: number;
  } = {},
): Promise<FakeLine> {
  const replyTokenTtlMs = options.replyTokenTtlMs ?? 60_000;
  const channelId = options.channelId ?? "1657000001";
  const channelSecret = "0123456789abcdef0123456789abcdef".replace(/0/g, "a");
  const accessToken = options.accessToken ?? `fake-line-token-${randomUUID()}`;
  const replyTokens = new Map<string, { issuedAt: number; used: boolean }>();
  // Groups the account was removed from: LINE refuses pushes to them.
  const leftGroups = new Set<string>();
  const retryKeys = new Set<string>();
  const failures = new Map<string, { status: number; retryAfter?: number; times: number }>();
  const contents = new Map<string, { bytes: Uint8Array; type: string }>();
  const profiles = new Map<
    string,
    { displayName: string; pictureUrl?: string; language?: string }
  >();
  let delayMs = 0;
  let pushCount = 0;
  const listeners: ((sent: FakeLineSent) => void)[] = [];
  const record = (sent: Omit<FakeLineSent, "at">) => {
    const entry = { ...sent, at: Date.now() };
    fake.sent.push(entry);
    for (const listener of listeners) listener(entry);
  };
  const fake: Omit<FakeLine, "url" | "close"> = {
    channelId,
    channelSecret,
    accessToken,
    sent: [],
    onSent(listener) {
      listeners.push(listener);
    },
    loadingCalls: [],
    calls: [],
    webhookBody(events) {
      const body = JSON.stringify({ destination: "Ufakebot", events });
      const signature = createHmac("sha256", channelSecret).update(body).digest("base64");
      return { body, signature };
    },
    event(init) {
      const replyToken = randomUUID().replace(/-/g, "");
      replyTokens.set(replyToken, { issuedAt: Date.now(), used: false });
      const base = {
        webhookEventId: `01J${randomUUID().replace(/-/g, "").slice(0, 23).toUpperCase()}`,
        timestamp: Date.now(),
        mode: "active",
        deliveryContext: { isRedelivery: false },
        source:
          // The account joining or leaving a group: no user names it.
          !("userId" in init)
            ? { type: "group", groupId: init.group }
            : "group" in init && init.group
              ? { type: "group", groupId: init.group, userId: init.userId }
              : { type: "user", userId: init.userId },
      };
      const id = String(Math.floor(Math.random() * 1e15));
      switch (init.type) {
        case "follow":
          return { ...base, type: "follow", replyToken, follow: { isUnblocked: false } };
        case "unfollow":
          return { ...base, type: "unfollow" };
        case "join":
          leftGroups.delete(init.group);
          return { ...base, type: "join", replyToken };
        case "leave":
          leftGroups.add(init.group);
          return { ...base, type: "leave" };
        case "postback":
          return { ...base, type: "postback", replyToken, postback: { data: init.data } };
        case "text":
          return {
            ...base,
            type: "message",
            replyToken,
            message: {
              type: "text",
              id,
              quoteToken: "q",
              text: init.text,
              ...(init.mentionSelf
                ? { mention: { mentionees: [{ index: 0, length: 4, type: "user", isSelf: true }] } }
                : {}),
            },
          };
        case "image":
          return {
            ...base,
            type: "message",
            replyToken,
            message: { type: "image", id: init.messageId, contentProvider: { type: "line" } },
          };
        case "file":
          return {
            ...base,
            type: "message",
            replyToken,
            message: {
              type: init.kind,
              id: init.messageId,
              ...(init.kind === "file"
                ? { fileName: init.fileName ?? "file.pdf", fileSize: 10 }
                : {}),
              ...(init.kind !== "file"
                ? { duration: 1000, contentProvider: { type: "line" } }
                : {}),
            },
          };
        case "sticker":
          return {
            ...base,
            type: "message",
            replyToken,
            message: {
              type: "sticker",
              id,
              packageId: "446",
              stickerId: "1988",
              stickerResourceType: "STATIC",
              keywords: init.keywords,
            },
          };
        case "location":
          return {
            ...base,
            type: "message",
            replyToken,
            message: {
              type: "location",
              id,
              title: "Pinned location",
              address: init.address,
              latitude: init.latitude,
              longitude: init.longitude,
            },
          };
      }
    },
    fail(path, failure) {
      failures.set(path, { ...failure, times: failure.times ?? 1 });
    },
    setContent(messageId, content) {
      contents.set(messageId, content);
    },
    setProfile(userId, profile) {
      profiles.set(userId, profile);
    },
    setDelay(ms) {
      delayMs = ms;
    },
  };

  const json = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { "Content-Type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    fake.calls.push(`${request.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

    const failure = failures.get(path);
    if (failure && failure.times > 0) {
      failure.times--;
      return json(
        response,
        failure.status,
        { message: failure.status === 429 ? "Too Many Requests" : "Internal Server Error" },
        failure.retryAfter === undefined ? {} : { "Retry-After": String(failure.retryAfter) },
      );
    }

    if (path === "/health") return json(response, 200, {});
    if (request.method === "POST" && path === "/v2/oauth/verify") {
      const token = new URLSearchParams(raw).get("access_token");
      if (token !== accessToken) {
        return json(response, 400, {
          error: "invalid_request",
          error_description: "access token expired",
        });
      }
      return json(response, 200, {
        client_id: channelId,
        expires_in: 2_592_000,
        scope: "profile chat_message.write",
      });
    }
    if (!path.startsWith("/v2/bot/")) return json(response, 404, { message: "Not found" });
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      return json(response, 401, {
        message:
          "Authentication failed. Confirm that the access token in the authorization header is valid.",
      });
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

    if (request.method === "GET" && path === "/v2/bot/info") {
      return json(response, 200, {
        userId: "Ufakebot0000000000000000000000001",
        basicId: "@123abcde",
        displayName: "Somtam Shop",
        pictureUrl: "https://profile.line-scdn.net/fake",
        chatMode: "bot",
        markAsReadMode: "auto",
      });
    }
    if (
      request.method === "POST" &&
      (path === "/v2/bot/message/reply" || path === "/v2/bot/message/push")
    ) {
      const messages = body.messages as FakeLineMessage[] | undefined;
      const invalid = messageProblem(messages);
      if (invalid)
        return json(response, 400, {
          message: "The request body has 1 error(s)",
          details: [{ message: invalid, property: "messages" }],
        });
      if (path.endsWith("/reply")) {
        const token = replyTokens.get(String(body.replyToken));
        if (!token || token.used || Date.now() - token.issuedAt > replyTokenTtlMs) {
          return json(response, 400, { message: "Invalid reply token" });
        }
        token.used = true;
        record({ via: "reply", replyToken: String(body.replyToken), messages: messages! });
        return json(response, 200, {
          sentMessages: messages!.map(() => ({ id: randomUUID(), quoteToken: "q" })),
        });
      }
      if (leftGroups.has(String(body.to))) {
        return json(response, 400, {
          message: "The property, 'to', in the request body is invalid (line: -, column: -)",
        });
      }
      const key = request.headers["x-line-retry-key"];
      if (typeof key === "string") {
        if (!/^[0-9a-f-]{36}$/i.test(key))
          return json(response, 400, { message: "Invalid retry key" });
        if (retryKeys.has(key)) {
          return json(
            response,
            409,
            { message: "The retry key is already accepted", sentMessages: [] },
            { "x-line-accepted-request-id": randomUUID() },
          );
        }
        retryKeys.add(key);
      }
      pushCount += messages!.length;
      record({ via: "push", to: String(body.to), messages: messages! });
      return json(response, 200, { sentMessages: messages!.map(() => ({ id: randomUUID() })) });
    }
    if (request.method === "POST" && path === "/v2/bot/chat/loading/start") {
      const seconds = Number(body.loadingSeconds ?? 20);
      if (!Number.isInteger(seconds) || seconds < 5 || seconds > 60 || seconds % 5 !== 0) {
        return json(response, 400, { message: "The request body has 1 error(s)" });
      }
      fake.loadingCalls.push({ chatId: String(body.chatId), loadingSeconds: seconds });
      return json(response, 202, {});
    }
    const profile = /^\/v2\/bot\/profile\/([^/]+)$/.exec(path);
    if (request.method === "GET" && profile) {
      const found = profiles.get(decodeURIComponent(profile[1]!));
      if (!found) return json(response, 404, { message: "Not found" });
      return json(response, 200, { userId: profile[1], ...found });
    }
    const content = /^\/v2\/bot\/message\/([^/]+)\/content$/.exec(path);
    if (request.method === "GET" && content) {
      const found = contents.get(decodeURIComponent(content[1]!));
      if (!found) return json(response, 404, { message: "Not found" });
      response.writeHead(200, {
        "Content-Type": found.type,
        "Content-Length": String(found.bytes.byteLength),
      });
      response.end(Buffer.from(found.bytes));
      return;
    }
    if (request.method === "GET" && path === "/v2/bot/message/quota") {
      return json(response, 200, { type: "limited", value: 300 });
    }
    if (request.method === "GET" && path === "/v2/bot/message/quota/consumption") {
      return json(response, 200, { totalUsage: pushCount });
    }
    return json(response, 404, { message: "Not found" });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => json(response, 500, { message: "fake failed" }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function messageProblem(messages: FakeLineMessage[] | undefined): string | undefined {
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5)
    return "Size must be between 1 and 5";
  for (const message of messages) {
    if (message.type === "text" && (!message.text || message.text.length > 5000))
      return "Length must be between 1 and 5000";
    const items = message.quickReply?.items;
    if (items && items.length > 13) return "Size must be between 1 and 13";
  }
  return undefined;
}
