import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TiktokEndpoints } from "@jai/channels/tiktok/index";

/**
 * A local TikTok Business API (Business Messaging) for tests, benchmarks and the browser tests:
 * the endpoints Jai calls, with TikTok's documented behaviour (not an "accept anything"). TikTok
 * answers HTTP 200 with `{ code, message, request_id, data }`; a non-zero code is a refusal:
 *
 * - every `/open_api/v1.3/*` call needs the `Access-Token` header: none answers 40104, a wrong
 *   or revoked one (`revokeToken()`) 40105 "Access token is incorrect or has been revoked.";
 * - a business account TikTok has not approved for messaging (the `notApprovedBusinessId`, or
 *   any `setApproved(id, false)`) answers the permission error 40001 with TikTok's words, on
 *   every call, the connection check included; an unknown business id answers 40002;
 * - `GET …/business/get/` describes the account (display name, username, picture);
 * - `POST …/business/message/send/`: `recipient_type: CONVERSATION` to a conversation a customer
 *   opened (`message()`): the business never writes first (40002 otherwise); within 48 hours of
 *   the customer's last message by the fake's clock (`advance()`, `setNow()`), else a refusal
 *   about the 48-hour window; `TEXT` with `text.body` of 1 to 6,000 characters, or `IMAGE` with
 *   exactly one uploaded `media_id`, never both;
 * - `POST …/media/upload/` (multipart: `business_id`, `media_type: IMAGE`, `file` a PNG, JPEG,
 *   WebP or GIF of at most 5 MB) answers a `media_id`; `POST …/media/download/` a download URL
 *   for a customer's image (`message({ image })`), served under `/media/…` without a token;
 * - `fail(path, …)` makes the next calls to a path answer HTTP 429 with `Retry-After`, a 5xx, or
 *   an envelope code (40100 "too many requests" …) with HTTP 200, as TikTok does;
 * - webhooks: `message()`, `echoOf()`, `authorizationRemoved()` build TikTok's envelope (its
 *   `content` a JSON string); `webhookBody()` signs it as TikTok does (`TikTok-Signature:
 *   t=<unix seconds>,s=<hex HMAC-SHA256(client secret, "<t>.<body>")>`), at the fake's clock or
 *   at a given timestamp (replays).
 */
export type FakeTiktok = {
  url: string;
  /** baseUrl = url, timeoutMs 2000. */
  endpoints: TiktokEndpoints;
  appId: string;
  /** The client secret webhooks are signed with. */
  appSecret: string;
  businessId: string;
  displayName: string;
  username: string;
  accessToken: string;
  /** A business account TikTok has not approved for the Business Messaging API. */
  notApprovedBusinessId: string;
  /** What TikTok accepted through `message/send/`, in order. */
  sent: FakeTiktokSent[];
  /** Images uploaded (`media/upload/`). */
  uploads: { mediaId: string; bytes: Uint8Array; mimeType: string }[];
  /** Every request, "METHOD /path" (no query string). */
  calls: string[];
  /** Called on every message TikTok accepted (benchmarks time replies with it). */
  onSent(listener: (sent: FakeTiktokSent) => void): void;
  /**
   * An `im_receive_msg` event from a customer: opens their conversation (or continues it) and
   * marks them as having written now (by the fake's clock).
   */
  message(init: FakeTiktokMessageInit): FakeTiktokEvent;
  /** The `im_send_msg` echo of a message TikTok accepted (as TikTok sends it after a send). */
  echoOf(sent: FakeTiktokSent): FakeTiktokEvent;
  /** `authorization.removed`: the account took the app's access away (its token stops working). */
  authorizationRemoved(): FakeTiktokEvent;
  /** The body TikTok POSTs for an event and its `TikTok-Signature` header. */
  webhookBody(
    event: FakeTiktokEvent,
    options?: { timestampSeconds?: number; secret?: string },
  ): { body: string; signature: string };
  /** The customer's conversation id, once they wrote. */
  conversationOf(userId: string): string | undefined;
  /** The fake's clock (ms): `Date.now()` unless moved. */
  now(): number;
  /** Moves the fake's clock (the 48-hour window, webhook timestamps). */
  advance(ms: number): void;
  setNow(ms: number | null): void;
  /** Whether TikTok approved a business account for messaging. */
  setApproved(businessId: string, approved: boolean): void;
  /** The access token stops working: every call answers 40105. */
  revokeToken(): void;
  /** Makes the next `times` (1 unless set) calls to `path` (".../message/send/") fail. */
  fail(path: string, failure: FakeTiktokFailure): void;
  close(): Promise<void>;
};

export type FakeTiktokEvent = {
  client_key: string;
  event: string;
  create_time: number;
  user_openid: string;
  content: string;
};

export type FakeTiktokMessageInit = {
  /** The customer's TikTok user id. */
  from: string;
  /** Their display name (the event's `from`). */
  name?: string;
  text?: string;
  /** A photo: served by the fake's media download. */
  image?: { bytes: Uint8Array; type: string };
  /** A shared TikTok post (its embed URL). */
  sharePost?: string;
  /** Another type (a sticker …), with no body. */
  type?: string;
};

export type FakeTiktokSent = {
  /** The customer's user id (from the conversation). */
  to: string;
  conversationId: string;
  messageId: string;
  type: "text" | "image";
  text?: string;
  mediaId?: string;
  /** When TikTok accepted it (the fake's clock, ms). */
  at: number;
};

export type FakeTiktokFailure = {
  /** HTTP status (429, 500, 503 …); 200 with `code` for an envelope refusal. */
  status?: number;
  /** TikTok's envelope code (40100 …), answered with HTTP 200. */
  code?: number;
  message?: string;
  retryAfter?: number;
  times?: number;
};

const api = "/open_api/v1.3";
const hour = 3_600_000;
const windowMs = 48 * hour;
const maxText = 6_000;
const maxImageBytes = 5 * 1024 * 1024;
const imageTypes = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/** TikTok's words (the permission error of an account not approved for Business Messaging). */
export const fakeTiktokNotApprovedMessage =
  "No permission to operate: the business account has not been approved for the Business Messaging API.";
export const fakeTiktokWindowMessage =
  "Message sending failed: the 48-hour reply window of this conversation has expired.";

export async function startFakeTiktok(
  options: {
    port?: number;
    appId?: string;
    appSecret?: string;
    businessId?: string;
    displayName?: string;
    accessToken?: string;
    notApprovedBusinessId?: string;
  } = {},
): Promise<FakeTiktok> {
  const appId = options.appId ?? "fake-tiktok-app-0001";
  const appSecret = options.appSecret ?? "fake-tiktok-secret-0123456789abcdef";
  const businessId = options.businessId ?? "fake-business-0001";
  const displayName = options.displayName ?? "Somtam Shop TikTok";
  const username = "somtamshop";
  const accessToken = options.accessToken ?? `act.fake-tiktok-${randomUUID()}`;
  const notApprovedBusinessId = options.notApprovedBusinessId ?? "fake-business-not-approved";
  const approved = new Map<string, boolean>([
    [businessId, true],
    [notApprovedBusinessId, false],
  ]);
  let tokenRevoked = false;
  let fixedNow: number | null = null;
  let offsetMs = 0;
  const now = () => (fixedNow ?? Date.now()) + offsetMs;
  // A customer's conversation with the business: opened by their first message.
  const conversations = new Map<string, { userId: string; name: string; lastUserAt: number }>();
  const conversationByUser = new Map<string, string>();
  // Images customers sent (downloadable), and images the business uploaded (sendable).
  const received = new Map<string, { bytes: Uint8Array; type: string; conversationId: string }>();
  const uploaded = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const failures = new Map<
    string,
    Required<Pick<FakeTiktokFailure, "times">> & FakeTiktokFailure
  >();
  const listeners: ((sent: FakeTiktokSent) => void)[] = [];
  let counter = 0;
  const nextId = (prefix: string) =>
    `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`;

  const envelope = (event: string, content: unknown): FakeTiktokEvent => ({
    client_key: appId,
    event,
    create_time: Math.floor(now() / 1000),
    user_openid: businessId,
    content: JSON.stringify(content),
  });

  const fake: Omit<FakeTiktok, "url" | "endpoints" | "close"> = {
    appId,
    appSecret,
    businessId,
    displayName,
    username,
    accessToken,
    notApprovedBusinessId,
    sent: [],
    uploads: [],
    calls: [],
    onSent(listener) {
      listeners.push(listener);
    },
    message(init) {
      let conversationId = conversationByUser.get(init.from);
      if (!conversationId) {
        conversationId = nextId("conv");
        conversationByUser.set(init.from, conversationId);
      }
      const name = init.name ?? `user ${init.from}`;
      conversations.set(conversationId, { userId: init.from, name, lastUserAt: now() });
      const messageId = nextId("msg");
      const base = {
        conversation_id: conversationId,
        message_id: messageId,
        timestamp: now(),
        from: name,
        from_user: { id: init.from, role: "personal_account" },
        to: displayName,
        to_user: { id: businessId, role: "business_account" },
      };
      if (init.image) {
        const mediaId = nextId("media");
        received.set(mediaId, { ...init.image, conversationId });
        return envelope("im_receive_msg", { ...base, type: "image", image: { media_id: mediaId } });
      }
      if (init.sharePost !== undefined) {
        return envelope("im_receive_msg", {
          ...base,
          type: "share_post",
          share_post: { video_id: nextId("video"), embed_url: init.sharePost },
        });
      }
      if (init.type) return envelope("im_receive_msg", { ...base, type: init.type });
      return envelope("im_receive_msg", { ...base, type: "text", text: { body: init.text ?? "" } });
    },
    echoOf(sent) {
      const conversation = conversations.get(sent.conversationId);
      return envelope("im_send_msg", {
        conversation_id: sent.conversationId,
        message_id: sent.messageId,
        timestamp: sent.at,
        type: sent.type,
        ...(sent.type === "text"
          ? { text: { body: sent.text } }
          : { image: { media_id: sent.mediaId } }),
        from: displayName,
        from_user: { id: businessId, role: "business_account" },
        to: conversation?.name ?? sent.to,
        to_user: { id: sent.to, role: "personal_account" },
      });
    },
    authorizationRemoved() {
      tokenRevoked = true;
      return envelope("authorization.removed", { reason: 1 });
    },
    webhookBody(event, opts = {}) {
      const body = JSON.stringify(event);
      const t = opts.timestampSeconds ?? Math.floor(now() / 1000);
      const s = createHmac("sha256", opts.secret ?? appSecret)
        .update(`${t}.${body}`)
        .digest("hex");
      return { body, signature: `t=${t},s=${s}` };
    },
    conversationOf(userId) {
      return conversationByUser.get(userId);
    },
    now,
    advance(ms) {
      offsetMs += ms;
    },
    setNow(ms) {
      fixedNow = ms;
      offsetMs = 0;
    },
    setApproved(id, value) {
      approved.set(id, value);
    },
    revokeToken() {
      tokenRevoked = true;
    },
    fail(path, failure) {
      failures.set(path, { ...failure, times: failure.times ?? 1 });
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
  const requestId = () => `${Date.now()}${(++counter).toString().padStart(8, "0")}`;
  const ok = (response: ServerResponse, data: unknown) =>
    json(response, 200, { code: 0, message: "OK", request_id: requestId(), data });
  const refuse = (response: ServerResponse, code: number, message: string) =>
    json(response, 200, { code, message, request_id: requestId(), data: {} });

  /** The business a call names: approved, not approved (40001), or unknown (40002). */
  function checkBusiness(response: ServerResponse, id: unknown): boolean {
    const state = typeof id === "string" ? approved.get(id) : undefined;
    if (state === undefined) {
      refuse(response, 40002, "Invalid param: business_id does not exist.");
      return false;
    }
    if (!state) {
      refuse(response, 40001, fakeTiktokNotApprovedMessage);
      return false;
    }
    return true;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    fake.calls.push(`${request.method} ${path}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);

    const failure = failures.get(path);
    if (failure && failure.times > 0) {
      failure.times--;
      const status = failure.status ?? 200;
      const retry: Record<string, string> =
        failure.retryAfter === undefined ? {} : { "Retry-After": String(failure.retryAfter) };
      if (status === 200) {
        return json(
          response,
          200,
          {
            code: failure.code ?? 40100,
            message:
              failure.message ??
              "Due to too many requests, requests from App are temporarily restricted.",
            request_id: requestId(),
            data: {},
          },
          retry,
        );
      }
      return json(
        response,
        status,
        { code: status === 429 ? 40100 : 50000, message: failure.message ?? "System error" },
        retry,
      );
    }

    if (path === "/health") return json(response, 200, {});
    // A customer's image, as TikTok's CDN serves it: the link is the permission, no token.
    const media = /^\/media\/([\w-]+)$/.exec(path);
    if (request.method === "GET" && media) {
      const found = received.get(media[1]!);
      if (!found) return json(response, 404, {});
      response.writeHead(200, {
        "Content-Type": found.type,
        "Content-Length": String(found.bytes.byteLength),
      });
      response.end(Buffer.from(found.bytes));
      return;
    }
    if (!path.startsWith(`${api}/`)) return json(response, 404, { message: "Not found" });
    const token = request.headers["access-token"];
    if (typeof token !== "string" || !token) {
      return refuse(response, 40104, "Access token is null, please re-authorize.");
    }
    if (token !== accessToken || tokenRevoked) {
      return refuse(response, 40105, "Access token is incorrect or has been revoked.");
    }

    if (request.method === "GET" && path === `${api}/business/get/`) {
      if (!checkBusiness(response, url.searchParams.get("business_id"))) return;
      return ok(response, {
        display_name: displayName,
        username,
        profile_image: "https://p16-sign.tiktokcdn.example/avatar.jpeg",
        followers_count: 1200,
      });
    }

    if (request.method === "POST" && path === `${api}/business/message/media/upload/`) {
      let form: FormData;
      try {
        form = await new Request("http://fake/", {
          method: "POST",
          headers: { "Content-Type": String(request.headers["content-type"] ?? "") },
          body: raw,
        }).formData();
      } catch {
        return refuse(response, 40002, "Invalid param: the request is not multipart/form-data.");
      }
      if (!checkBusiness(response, form.get("business_id"))) return;
      if (form.get("media_type") !== "IMAGE") {
        return refuse(response, 40002, "Invalid param: media_type must be IMAGE.");
      }
      const file = form.get("file");
      if (!(file instanceof Blob) || !imageTypes.has(file.type)) {
        return refuse(
          response,
          40002,
          "Invalid param: file must be a PNG, JPEG, WebP or GIF image.",
        );
      }
      if (file.size === 0 || file.size > maxImageBytes) {
        return refuse(response, 40002, "Invalid param: the file is empty or larger than 5 MB.");
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const mediaId = nextId("upload");
      uploaded.set(mediaId, { bytes, mimeType: file.type });
      fake.uploads.push({ mediaId, bytes, mimeType: file.type });
      return ok(response, { media_id: mediaId });
    }

    if (
      request.method !== "POST" ||
      !/^application\/json\b/.test(String(request.headers["content-type"]))
    ) {
      return json(response, 404, { message: "Not found" });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    } catch {
      return refuse(response, 40002, "Invalid param: the body is not JSON.");
    }

    if (path === `${api}/business/message/media/download/`) {
      if (!checkBusiness(response, body.business_id)) return;
      const found = received.get(String(body.media_id));
      if (!found || found.conversationId !== body.conversation_id || body.media_type !== "IMAGE") {
        return refuse(
          response,
          40002,
          "Invalid param: the media does not exist in this conversation.",
        );
      }
      const address = server.address() as AddressInfo;
      return ok(response, {
        download_url: `http://127.0.0.1:${address.port}/media/${String(body.media_id)}`,
      });
    }

    if (path === `${api}/business/message/send/`) {
      if (!checkBusiness(response, body.business_id)) return;
      if (body.recipient_type !== "CONVERSATION") {
        return refuse(response, 40002, "Invalid param: recipient_type must be CONVERSATION.");
      }
      const conversationId = String(body.recipient ?? "");
      const conversation = conversations.get(conversationId);
      // The business never starts a conversation: only one a customer opened can be answered.
      if (!conversation) {
        return refuse(
          response,
          40002,
          "Invalid param: the conversation does not exist. Businesses cannot start conversations.",
        );
      }
      if (now() - conversation.lastUserAt > windowMs) {
        return refuse(response, 40002, fakeTiktokWindowMessage);
      }
      const text = body.text as { body?: unknown } | undefined;
      const image = body.image as { media_id?: unknown } | undefined;
      const base = {
        to: conversation.userId,
        conversationId,
        messageId: nextId("sent"),
        at: now(),
      };
      let sent: FakeTiktokSent;
      if (body.message_type === "TEXT") {
        if (image !== undefined) {
          return refuse(response, 40002, "Invalid param: a TEXT message carries no image.");
        }
        const words = text?.body;
        if (typeof words !== "string" || words.length < 1 || words.length > maxText) {
          return refuse(
            response,
            40002,
            `Invalid param: text.body must be between 1 and ${maxText} characters.`,
          );
        }
        sent = { ...base, type: "text", text: words };
      } else if (body.message_type === "IMAGE") {
        if (text !== undefined) {
          return refuse(response, 40002, "Invalid param: an IMAGE message carries no text.");
        }
        const mediaId = String(image?.media_id ?? "");
        if (!uploaded.has(mediaId)) {
          return refuse(response, 40002, "Invalid param: image.media_id is not an uploaded image.");
        }
        sent = { ...base, type: "image", mediaId };
      } else {
        return refuse(response, 40002, "Invalid param: message_type must be TEXT or IMAGE.");
      }
      fake.sent.push(sent);
      for (const listener of listeners) listener(sent);
      return ok(response, { message: { message_id: sent.messageId } });
    }
    return json(response, 404, { message: "Not found" });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() =>
      json(response, 500, { code: 50000, message: "fake failed" }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    ...fake,
    url,
    endpoints: { baseUrl: url, timeoutMs: 2_000 },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
