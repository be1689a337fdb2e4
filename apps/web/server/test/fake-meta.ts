import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { MetaEndpoints, MetaOutgoing } from "@jai/channels/meta/types";
import { e2eMetaCredentials } from "./fake-meta-credentials";

/**
 * A local Graph API (Messenger Platform, Instagram messaging) for tests, benchmarks and the
 * browser tests: the endpoints Jai calls, with Meta's documented behaviour (not an "accept
 * anything"):
 *
 * - every `/v{n}.{m}/*` call needs `Authorization: Bearer <the Page access token>`, else 400
 *   OAuthException code 190; after `expireToken()` every call answers 190 with subcode 463
 *   ("Session has expired"); an `access_token` in the query string is refused outright (Meta
 *   would take it, but Jai never puts a secret in a URL and this proves it);
 * - `POST /{v}/me/messages` only to a person who wrote to the Page (code 100, subcode 2018001
 *   "No matching user found"); `RESPONSE` / `UPDATE` within 24 hours of their last message,
 *   `MESSAGE_TAG` + `HUMAN_AGENT` within 7 days and only with the Human Agent permission (code 10
 *   with subcode 2018278 outside the window, code 10 with another subcode without the
 *   permission); text at most 2,000 UTF-16 units (Instagram: 1,000), at most 13 quick replies
 *   with titles of at most 20 and payloads of at most 1,000; exactly one of text and attachment;
 *   an image by an https URL (or one of this fake's); `sender_action` typing_on / typing_off /
 *   mark_seen, never with a message;
 * - `GET /{v}/me` (the Page), `GET /{v}/{instagram account id}`, `GET /{v}/{user id}` (a
 *   profile, only the fields asked for; code 100 subcode 33 for an id nobody knows);
 * - attachments (what `message({ image })` sends, the Page's picture) under `/attachments/…`,
 *   without a token, as Meta's CDN serves them;
 * - `fail(path, …)` makes the next calls to a path answer 429 with `Retry-After`, 5xx, or any
 *   Graph error (`code`, `subcode`), always with Meta's error JSON (sender actions pass unless
 *   `senderActions` is set, so "the next message fails" means the message).
 */
export type FakeMeta = {
  url: string;
  /** graphBaseUrl = url, apiVersion "v21.0", attachmentHosts ["127.0.0.1"], timeoutMs 2000. */
  endpoints: MetaEndpoints;
  pageId: string;
  pageName: string;
  pageAccessToken: string;
  appSecret: string;
  instagramAccountId: string;
  instagramUsername: string;
  /** What Meta accepted through the Send API, in order. */
  sent: FakeMetaSent[];
  senderActions: { recipientId: string; action: string }[];
  /** Every request, "METHOD /path" (no query string). */
  calls: string[];
  /** Called on every message Meta accepted (benchmarks time replies with it). */
  onSent(listener: (sent: FakeMetaSent) => void): void;
  /**
   * A messaging item from a user, with a fresh mid; marks the user as having written now (or at
   * `timestamp`), which opens Meta's window for them.
   */
  message(init: FakeMetaMessageInit): Record<string, unknown>;
  /** An echo item of a Page message to `to`. */
  echo(init: { to: string; text: string; appId?: string; mid?: string }): Record<string, unknown>;
  /** A signed webhook body (X-Hub-Signature-256 value in `signature`). */
  webhookBody(
    object: "page" | "instagram",
    entries: { id?: string; time?: number; messaging: object[] }[],
  ): { body: string; signature: string };
  setLastUserMessageAt(userId: string, ms: number): void;
  setProfile(userId: string, profile: FakeMetaProfile): void;
  setHumanAgentPermission(granted: boolean): void;
  /** The page token stops working: every call answers Meta's code 190. */
  expireToken(): void;
  /**
   * Makes the next `times` (1 unless set) calls to `path` fail. The path may name the version
   * ("/v21.0/me/messages") or not ("/me/messages").
   */
  fail(path: string, failure: FakeMetaFailure): void;
  /** Lets every call pass slowly (a slow Meta). */
  setDelay(delayMs: number): void;
  close(): Promise<void>;
};

export type FakeMetaSent = {
  recipientId: string;
  messagingType: string;
  tag?: string;
  message: MetaOutgoing;
  messageId: string;
  /** When Meta accepted it (ms since the epoch, on the fake's clock). */
  at: number;
};

export type FakeMetaMessageInit = {
  from: string;
  platform?: "messenger" | "instagram";
  text?: string;
  /**
   * An image attachment whose URL this fake serves: `true` for a small PNG, or the bytes to serve.
   */
  image?: boolean | Uint8Array;
  quickReplyPayload?: string;
  postback?: { title: string; payload: string };
  /** Instagram: a reply to the Page's story (a story URL of this fake unless given). */
  storyReply?: boolean | { url: string; id?: string };
  /** Instagram: the person mentioned the account in their story. */
  storyMention?: boolean | { url: string };
  /** Messenger's thumbs-up sticker; Instagram's heart. */
  like?: boolean;
  timestamp?: number;
};

export type FakeMetaProfile = {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
  profile_pic?: string;
  /** Same as `profile_pic`. */
  pictureUrl?: string;
};

export type FakeMetaFailure = {
  status: number;
  retryAfter?: number;
  times?: number;
  code?: number;
  subcode?: number;
  message?: string;
  /** Also fail `sender_action` calls to the path (by default they pass). */
  senderActions?: boolean;
};

/** Meta's limits the fake enforces (Send API reference). */
const limits = {
  messengerText: 2_000,
  instagramText: 1_000,
  quickReplies: 13,
  quickReplyTitle: 20,
  quickReplyPayload: 1_000,
  standardWindowMs: 24 * 3_600_000,
  humanAgentWindowMs: 7 * 24 * 3_600_000,
} as const;

/** Messenger's thumbs-up ("like") sticker. */
const likeStickerId = 369239263222822;
/**
 * Meta's refusal of the HUMAN_AGENT tag to an app without the permission: code 10 like the window
 * refusal, but a subcode outside the window family, so a client can tell the two apart.
 */
const humanAgentPermissionSubcode = 2018336;

// A 1×1 PNG: what an image attachment and the Page's picture serve.
const png = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

type GraphError = {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  type?: string;
  headers?: Record<string, string>;
};

export async function startFakeMeta(
  options: {
    /** The fake's clock (windows, timestamps): tests move it. */
    now?: () => number;
    port?: number;
    pageId?: string;
    pageName?: string;
    pageAccessToken?: string;
    appSecret?: string;
    instagramAccountId?: string;
    instagramUsername?: string;
  } = {},
): Promise<FakeMeta> {
  const now = options.now ?? Date.now;
  const pageId = options.pageId ?? e2eMetaCredentials.pageId;
  const pageName = options.pageName ?? e2eMetaCredentials.pageName;
  const pageAccessToken = options.pageAccessToken ?? `EAAfake${randomBytes(24).toString("hex")}`;
  const appSecret = options.appSecret ?? e2eMetaCredentials.appSecret;
  const instagramAccountId = options.instagramAccountId ?? e2eMetaCredentials.instagramAccountId;
  const instagramUsername = options.instagramUsername ?? e2eMetaCredentials.instagramUsername;

  // The people who wrote: their platform and when they last did (Meta's windows run from it).
  const users = new Map<string, { platform: "messenger" | "instagram"; lastMessageAt: number }>();
  const profiles = new Map<string, FakeMetaProfile>();
  const attachments = new Map<string, { bytes: Uint8Array; type: string }>();
  attachments.set("page-picture", { bytes: png, type: "image/png" });
  attachments.set("instagram-picture", { bytes: png, type: "image/png" });
  const failures = new Map<string, Required<Pick<FakeMetaFailure, "times">> & FakeMetaFailure>();
  let humanAgentPermission = false;
  let tokenExpired = false;
  let delayMs = 0;
  let url = "";
  const listeners: ((sent: FakeMetaSent) => void)[] = [];

  const newMid = () => `m_${randomBytes(24).toString("base64url")}`;
  const attachmentUrl = (id: string) => `${url}/attachments/${id}`;
  const wrote = (userId: string, platform: "messenger" | "instagram", at: number) => {
    const known = users.get(userId);
    users.set(userId, { platform, lastMessageAt: Math.max(at, known?.lastMessageAt ?? 0) });
  };

  const fake: Omit<FakeMeta, "url" | "endpoints" | "close"> = {
    pageId,
    pageName,
    pageAccessToken,
    appSecret,
    instagramAccountId,
    instagramUsername,
    sent: [],
    senderActions: [],
    calls: [],
    onSent(listener) {
      listeners.push(listener);
    },
    message(init) {
      const platform = init.platform ?? "messenger";
      const timestamp = init.timestamp ?? now();
      wrote(init.from, platform, timestamp);
      const base = {
        sender: { id: init.from },
        recipient: { id: platform === "messenger" ? pageId : instagramAccountId },
        timestamp,
      };
      if (init.postback) {
        return {
          ...base,
          postback: { mid: newMid(), title: init.postback.title, payload: init.postback.payload },
        };
      }
      const message: Record<string, unknown> = { mid: newMid() };
      if (init.text !== undefined) message.text = init.text;
      if (init.quickReplyPayload !== undefined) {
        message.quick_reply = { payload: init.quickReplyPayload };
      }
      const items: Record<string, unknown>[] = [];
      if (init.image) {
        const id = randomUUID();
        attachments.set(id, {
          bytes: init.image === true ? png : init.image,
          type: init.image === true ? "image/png" : sniffImageType(init.image),
        });
        items.push({ type: "image", payload: { url: attachmentUrl(id) } });
      }
      if (init.like) {
        if (platform === "messenger") {
          // Messenger's like is an image attachment of the thumbs-up sticker.
          const id = randomUUID();
          attachments.set(id, { bytes: png, type: "image/png" });
          message.sticker_id = likeStickerId;
          items.push({
            type: "image",
            payload: { url: attachmentUrl(id), sticker_id: likeStickerId },
          });
        } else {
          items.push({ type: "like_heart" });
        }
      }
      if (init.storyMention) {
        const story =
          init.storyMention === true
            ? attachmentUrl(`story-${randomUUID()}`)
            : init.storyMention.url;
        items.push({ type: "story_mention", payload: { url: story } });
      }
      if (init.storyReply) {
        const story =
          init.storyReply === true
            ? { url: attachmentUrl(`story-${randomUUID()}`), id: String(Date.now()) }
            : { url: init.storyReply.url, id: init.storyReply.id ?? String(Date.now()) };
        message.reply_to = { story };
      }
      if (items.length > 0) message.attachments = items;
      return { ...base, message };
    },
    echo(init) {
      const platform = users.get(init.to)?.platform ?? "messenger";
      const appId = init.appId ?? "1517776481860111";
      return {
        sender: { id: platform === "messenger" ? pageId : instagramAccountId },
        recipient: { id: init.to },
        timestamp: now(),
        message: {
          mid: init.mid ?? newMid(),
          is_echo: true,
          // Meta sends the app id as a number.
          app_id: Number.isSafeInteger(Number(appId)) ? Number(appId) : appId,
          text: init.text,
        },
      };
    },
    webhookBody(object, entries) {
      const body = JSON.stringify({
        object,
        entry: entries.map((entry) => ({
          id: entry.id ?? (object === "page" ? pageId : instagramAccountId),
          time: entry.time ?? now(),
          messaging: entry.messaging,
        })),
      });
      const signature = `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
      return { body, signature };
    },
    setLastUserMessageAt(userId, ms) {
      const known = users.get(userId);
      users.set(userId, { platform: known?.platform ?? "messenger", lastMessageAt: ms });
    },
    setProfile(userId, profile) {
      profiles.set(userId, profile);
    },
    setHumanAgentPermission(granted) {
      humanAgentPermission = granted;
    },
    expireToken() {
      tokenExpired = true;
    },
    fail(path, failure) {
      failures.set(unversioned(path), { ...failure, times: failure.times ?? 1 });
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
    response.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers });
    response.end(JSON.stringify(body));
  };

  /** Meta's error envelope (`type`, `code`, `error_subcode`, `fbtrace_id`). */
  const graphError = (response: ServerResponse, error: GraphError) =>
    json(
      response,
      error.status,
      {
        error: {
          message: error.message,
          type: error.type ?? "OAuthException",
          code: error.code,
          ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
          ...(error.status === 429 || error.status >= 500 ? { is_transient: true } : {}),
          fbtrace_id: randomBytes(8).toString("base64url"),
        },
      },
      error.headers,
    );

  const invalidParameter = (message: string, subcode?: number): GraphError => ({
    status: 400,
    code: 100,
    message: `(#100) ${message}`,
    ...(subcode === undefined ? {} : { subcode }),
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const requestUrl = new URL(request.url ?? "/", "http://fake");
    const path = requestUrl.pathname;
    fake.calls.push(`${request.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

    const failure = failures.get(unversioned(path));
    // A failure of the Send API is meant for messages: a typing indicator before them does not
    // use it up (unless asked), so a test's "the next send fails" stays true.
    const senderAction = /"sender_action"\s*:/.test(raw);
    if (failure && failure.times > 0 && (!senderAction || failure.senderActions)) {
      failure.times--;
      return graphError(response, failedAs(failure));
    }

    if (path === "/health") return json(response, 200, {});
    const attachment = /^\/attachments\/([^/]+)$/.exec(path);
    if (attachment && request.method === "GET") {
      // Meta's CDN: a signed URL, no token (a client must not send the Page's token there).
      const found = attachments.get(decodeURIComponent(attachment[1]!));
      if (!found) {
        response.writeHead(404, { "Content-Type": "text/plain" });
        response.end("Not found");
        return;
      }
      response.writeHead(200, {
        "Content-Type": found.type,
        "Content-Length": String(found.bytes.byteLength),
      });
      response.end(Buffer.from(found.bytes));
      return;
    }

    const versioned = /^\/v\d+\.\d+(\/.*)$/.exec(path);
    if (!versioned) {
      return graphError(response, {
        status: 400,
        code: 2500,
        message: "Unknown path components",
      });
    }
    const route = versioned[1]!;
    if (requestUrl.searchParams.has("access_token")) {
      return graphError(
        response,
        invalidParameter(
          "An access token in the URL is refused by this fake: a secret in a URL ends up in logs",
        ),
      );
    }
    const authorization = request.headers.authorization;
    if (authorization !== `Bearer ${pageAccessToken}`) {
      return graphError(response, {
        status: 400,
        code: 190,
        message: authorization
          ? "Invalid OAuth access token - Cannot parse access token"
          : "An active access token must be used to query information about the current user.",
      });
    }
    if (tokenExpired) {
      return graphError(response, {
        status: 400,
        code: 190,
        subcode: 463,
        message: `Error validating access token: Session has expired on ${new Date(now() - 60_000).toUTCString()}. The current time is ${new Date(now()).toUTCString()}.`,
      });
    }
    const fields = (requestUrl.searchParams.get("fields") ?? "")
      .split(",")
      .map((field) => field.trim())
      .filter(Boolean);

    if (request.method === "GET" && (route === "/me" || route === `/${pageId}`)) {
      const picture = { data: { url: attachmentUrl("page-picture"), is_silhouette: false } };
      const page: Record<string, unknown> = { id: pageId, name: pageName, picture };
      return pick(page, fields, ["id", "name"], response);
    }
    if (request.method === "GET" && route === `/${instagramAccountId}`) {
      const account: Record<string, unknown> = {
        id: instagramAccountId,
        username: instagramUsername,
        name: pageName,
        profile_picture_url: attachmentUrl("instagram-picture"),
      };
      return pick(account, fields, ["id"], response);
    }
    if (
      request.method === "POST" &&
      (route === "/me/messages" || route === `/${pageId}/messages`)
    ) {
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return graphError(response, invalidParameter("Invalid JSON for postfield"));
      }
      const outcome = send(isRecord(body) ? body : {});
      if ("status" in outcome) return graphError(response, outcome);
      return json(response, 200, outcome);
    }
    const object = /^\/(\d{1,30})$/.exec(route);
    if (request.method === "GET" && object) {
      const userId = object[1]!;
      const user = users.get(userId);
      const profile = profiles.get(userId);
      if (!user && !profile) {
        return graphError(
          response,
          invalidParameter(
            `Unsupported get request. Object with ID '${userId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            33,
          ),
        );
      }
      const platform = user?.platform ?? "messenger";
      const allowed =
        platform === "messenger"
          ? ["id", "name", "first_name", "last_name", "profile_pic"]
          : ["id", "name", "username", "profile_pic"];
      const unknown = fields.find((field) => !allowed.includes(field));
      if (unknown) {
        return graphError(
          response,
          invalidParameter(`Tried accessing nonexisting field (${unknown}) on node type (User)`),
        );
      }
      const [first, ...last] = (profile?.name ?? "").split(" ");
      const known: Record<string, unknown> = {
        id: userId,
        name: profile?.name ?? joinName(profile?.first_name, profile?.last_name),
        first_name: profile?.first_name ?? (first || undefined),
        last_name: profile?.last_name ?? (last.join(" ") || undefined),
        username: profile?.username,
        profile_pic: profile?.profile_pic ?? profile?.pictureUrl,
      };
      return pick(known, fields, ["id"], response);
    }
    return graphError(response, { status: 400, code: 2500, message: "Unknown path components" });
  }

  /** The Send API: a message or a sender action, checked as Meta checks it. */
  function send(
    body: Record<string, unknown>,
  ): GraphError | { recipient_id: string; message_id?: string } {
    const recipient = isRecord(body.recipient) ? body.recipient : undefined;
    const recipientId = typeof recipient?.id === "string" ? recipient.id : undefined;
    if (!recipientId) return invalidParameter("param recipient must be non-empty.");
    const user = users.get(recipientId);
    if (!user) return invalidParameter("No matching user found", 2018001);
    const since = now() - user.lastMessageAt;
    const outsideWindow: GraphError = {
      status: 400,
      code: 10,
      subcode: 2018278,
      message: "(#10) This message is sent outside of allowed window.",
    };

    if (body.sender_action !== undefined) {
      if (body.message !== undefined) {
        return invalidParameter("param sender_action cannot be sent with message");
      }
      const action = body.sender_action;
      if (action !== "typing_on" && action !== "typing_off" && action !== "mark_seen") {
        return invalidParameter(
          "param sender_action must be one of {TYPING_ON, TYPING_OFF, MARK_SEEN}",
        );
      }
      if (since > limits.standardWindowMs) return outsideWindow;
      fake.senderActions.push({ recipientId, action });
      return { recipient_id: recipientId };
    }

    const messagingType = body.messaging_type;
    if (typeof messagingType !== "string") {
      return invalidParameter("The parameter messaging_type is required");
    }
    let tag: string | undefined;
    if (messagingType === "RESPONSE" || messagingType === "UPDATE") {
      if (body.tag !== undefined) {
        return invalidParameter("param tag is only allowed with messaging_type MESSAGE_TAG");
      }
      if (since > limits.standardWindowMs) return outsideWindow;
    } else if (messagingType === "MESSAGE_TAG") {
      if (body.tag !== "HUMAN_AGENT") {
        // Meta retired the other tags; Instagram never had them.
        return invalidParameter("param tag must be HUMAN_AGENT");
      }
      tag = body.tag;
      if (!humanAgentPermission) {
        return {
          status: 400,
          code: 10,
          subcode: humanAgentPermissionSubcode,
          message:
            "(#10) The HUMAN_AGENT tag requires the Human Agent permission (pages_messaging with Human Agent approved for this app).",
        };
      }
      if (since > limits.humanAgentWindowMs) return outsideWindow;
    } else {
      return invalidParameter(
        "param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}",
      );
    }

    const message = isRecord(body.message) ? body.message : undefined;
    if (!message) return invalidParameter("param message must be non-empty.");
    const problem = messageProblem(message, user.platform);
    if (problem) return invalidParameter(problem.message, problem.subcode);

    const messageId = `m_${randomBytes(24).toString("base64url")}`;
    const entry: FakeMetaSent = {
      recipientId,
      messagingType,
      ...(tag ? { tag } : {}),
      message: message as MetaOutgoing,
      messageId,
      at: now(),
    };
    fake.sent.push(entry);
    for (const listener of listeners) listener(entry);
    return { recipient_id: recipientId, message_id: messageId };
  }

  /** What Meta would refuse in a `message`, in its words. */
  function messageProblem(
    message: Record<string, unknown>,
    platform: "messenger" | "instagram",
  ): { message: string; subcode?: number } | undefined {
    const hasText = message.text !== undefined;
    const hasAttachment = message.attachment !== undefined;
    if (hasText === hasAttachment) {
      return { message: "Must send either text or attachment" };
    }
    if (hasText) {
      const max = platform === "messenger" ? limits.messengerText : limits.instagramText;
      if (typeof message.text !== "string" || message.text.trim() === "") {
        return { message: "param message[text] must be a non-empty UTF-8 encoded string" };
      }
      if (message.text.length > max) {
        return { message: `Length of param message[text] must be less than or equal to ${max}` };
      }
    } else {
      const attachment = isRecord(message.attachment) ? message.attachment : {};
      const payload = isRecord(attachment.payload) ? attachment.payload : {};
      if (attachment.type !== "image") {
        return { message: "param message[attachment][type] must be one of {IMAGE}" };
      }
      const link = typeof payload.url === "string" ? payload.url : "";
      if (!link.startsWith("https://") && !link.startsWith(`${url}/`)) {
        return { message: "Upload attachment failure.", subcode: 2018047 };
      }
    }
    if (message.quick_replies !== undefined) {
      const replies = message.quick_replies;
      if (!Array.isArray(replies) || replies.length < 1) {
        return { message: "param message[quick_replies] must be a non-empty array" };
      }
      if (replies.length > limits.quickReplies) {
        return {
          message: `param message[quick_replies] must have at most ${limits.quickReplies} items`,
        };
      }
      for (const reply of replies) {
        if (!isRecord(reply) || reply.content_type !== "text") {
          return { message: "param message[quick_replies][content_type] must be text" };
        }
        const title = reply.title;
        if (
          typeof title !== "string" ||
          title.length < 1 ||
          title.length > limits.quickReplyTitle
        ) {
          return {
            message: `param message[quick_replies][title] must be at most ${limits.quickReplyTitle} characters`,
          };
        }
        const payload = reply.payload;
        if (
          typeof payload !== "string" ||
          payload.length < 1 ||
          payload.length > limits.quickReplyPayload
        ) {
          return {
            message: `param message[quick_replies][payload] must be at most ${limits.quickReplyPayload} characters`,
          };
        }
      }
    }
    return undefined;
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() =>
      graphError(response, { status: 500, code: 1, message: "An unknown error occurred" }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return {
    ...fake,
    url,
    endpoints: {
      graphBaseUrl: url,
      apiVersion: "v21.0",
      attachmentHosts: ["127.0.0.1"],
      timeoutMs: 2_000,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A forced failure as Meta words it: 429 and 5xx carry their usual codes unless given. */
function failedAs(failure: FakeMetaFailure): GraphError {
  const { status } = failure;
  const code = failure.code ?? (status === 429 ? 4 : status >= 500 ? 2 : 1);
  const known: Record<number, { message: string; subcode?: number }> = {
    1: { message: "An unknown error occurred" },
    2: { message: "An unexpected error has occurred. Please retry your request later." },
    4: { message: "(#4) Application request limit reached" },
    17: { message: "(#17) User request limit reached" },
    32: { message: "(#32) Page request limit reached" },
    190: { message: "Error validating access token: The session has been invalidated." },
    200: { message: "(#200) Requires pages_messaging permission to manage the object" },
    551: { message: "(#551) This person isn't available right now.", subcode: 1545041 },
    613: { message: "(#613) Calls to this api have exceeded the rate limit." },
  };
  const subcode = failure.subcode ?? known[code]?.subcode;
  return {
    status,
    code,
    ...(subcode === undefined ? {} : { subcode }),
    message: failure.message ?? known[code]?.message ?? `(#${code}) The fake was told to fail`,
    headers: failure.retryAfter === undefined ? {} : { "Retry-After": String(failure.retryAfter) },
  };
}

/** A path without its API version: `fail()` takes either. */
function unversioned(path: string): string {
  return path.replace(/^\/v\d+\.\d+(?=\/)/, "");
}

/** Only the fields asked for (Graph API answers `defaults` when none are), and only the ones set. */
function pick(
  node: Record<string, unknown>,
  fields: string[],
  defaults: string[],
  response: ServerResponse,
) {
  const wanted = fields.length > 0 ? fields : defaults;
  const unknown = wanted.find((field) => !(field in node));
  if (unknown) {
    response.writeHead(400, { "Content-Type": "application/json; charset=UTF-8" });
    response.end(
      JSON.stringify({
        error: {
          message: `(#100) Tried accessing nonexisting field (${unknown})`,
          type: "OAuthException",
          code: 100,
          fbtrace_id: randomBytes(8).toString("base64url"),
        },
      }),
    );
    return;
  }
  const answer: Record<string, unknown> = {};
  for (const field of wanted) if (node[field] !== undefined) answer[field] = node[field];
  response.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" });
  response.end(JSON.stringify(answer));
}

function joinName(first: string | undefined, last: string | undefined): string | undefined {
  const name = [first, last].filter(Boolean).join(" ");
  return name || undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The MIME type of image bytes by their signature (PNG, JPEG, GIF, WebP), PNG otherwise. */
function sniffImageType(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg";
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return "image/gif";
  if (bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) {
    return "image/webp";
  }
  return "image/png";
}
