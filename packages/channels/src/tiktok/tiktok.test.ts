import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTiktokClient, tiktokFailure, tiktokHttpFailure } from "./client";
import { tiktokAction } from "./events";
import { formatTiktokMessages, tiktokLimits } from "./format";
import {
  parseTiktokWebhook,
  tiktokOccurredAt,
  tiktokSourceKey,
  verifyTiktokSignature,
} from "./webhook";

const secret = "tiktok-client-secret-0123456789";
const business = "biz-123";

// Shapes as Chatwoot's specs (message_service_spec.rb) and ChatbotX's schema record them.
const textContent = {
  type: "text",
  message_id: "tt-msg-1",
  timestamp: 1_700_000_000_000,
  conversation_id: "tt-conv-1",
  text: { body: "ร้านเปิดกี่โมงคะ" },
  from: "Alice",
  from_user: { id: "user-1" },
  to: "Biz",
  to_user: { id: business },
};
const envelope = (event: string, content: unknown) => ({
  client_key: "client-key",
  event,
  create_time: 1_700_000_000,
  user_openid: business,
  content: typeof content === "string" ? content : JSON.stringify(content),
});
const sign = (body: string, t: number) =>
  `t=${t},s=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

describe("TikTok-Signature", () => {
  const body = JSON.stringify(envelope("im_receive_msg", textContent));
  const bytes = new TextEncoder().encode(body);
  const now = 1_800_000_000_000;
  const t = now / 1000;

  it("accepts TikTok's signature of the timestamp and the raw bytes", () => {
    expect(verifyTiktokSignature(bytes, secret, sign(body, t), now)).toBe("ok");
    // Spaces after the comma, the fields in the other order.
    const [tPart, sPart] = sign(body, t).split(",");
    expect(verifyTiktokSignature(bytes, secret, `${sPart}, ${tPart}`, now)).toBe("ok");
    // The same JSON with other spacing is other bytes.
    const respaced = new TextEncoder().encode(body.replace(":", ": "));
    expect(verifyTiktokSignature(respaced, secret, sign(body, t), now)).toBe("invalid");
    expect(verifyTiktokSignature(bytes, `${secret}x`, sign(body, t), now)).toBe("invalid");
  });

  it("refuses old timestamps (replays) after 300 s, and more than 2 s ahead", () => {
    expect(verifyTiktokSignature(bytes, secret, sign(body, t - 300), now)).toBe("ok");
    expect(verifyTiktokSignature(bytes, secret, sign(body, t - 301), now)).toBe("stale");
    expect(verifyTiktokSignature(bytes, secret, sign(body, t + 2), now)).toBe("ok");
    expect(verifyTiktokSignature(bytes, secret, sign(body, t + 3), now)).toBe("stale");
    expect(verifyTiktokSignature(bytes, secret, sign(body, t - 10), now, 5)).toBe("stale");
    // A signature over another timestamp is not a signature at all.
    const moved = sign(body, t - 1000).replace(`t=${t - 1000}`, `t=${t}`);
    expect(verifyTiktokSignature(bytes, secret, moved, now)).toBe("invalid");
  });

  it("refuses missing and malformed headers", () => {
    const good = sign(body, t);
    for (const bad of [
      null,
      undefined,
      "",
      "t=,s=",
      `s=${good.split("s=")[1]}`,
      `t=${t}`,
      `t=${t},s=abc`,
      `t=abc,${good.split(",")[1]}`,
      `${good},t=${t}`,
      `${good},${good.split(",")[1]}`,
      "x".repeat(600),
      good.toUpperCase().replace("T=", "t=").replace("S=", "s="),
    ]) {
      const result = verifyTiktokSignature(bytes, secret, bad, now);
      // The upper-cased hex is the same signature (hex is case-insensitive).
      if (bad && bad === good.toUpperCase().replace("T=", "t=").replace("S=", "s=")) {
        expect(result).toBe("ok");
      } else {
        expect(result, String(bad)).toBe("invalid");
      }
    }
    expect(verifyTiktokSignature(bytes, "", good, now)).toBe("invalid");
  });
});

describe("TikTok webhook bodies", () => {
  it("parses a customer's message, its sender and its key", () => {
    const event = parseTiktokWebhook(envelope("im_receive_msg", textContent));
    expect(event).toMatchObject({
      event: "im_receive_msg",
      businessId: business,
      clientKey: "client-key",
      eventId: "im_receive_msg:tt-msg-1",
      message: {
        conversationId: "tt-conv-1",
        messageId: "tt-msg-1",
        type: "text",
        text: "ร้านเปิดกี่โมงคะ",
        from: { id: "user-1", name: "Alice" },
        to: { id: business, name: "Biz" },
      },
    });
    expect(tiktokSourceKey(event)).toBe("user-1");
    expect(tiktokOccurredAt(event)).toBe(1_700_000_000_000);
  });

  it("keeps 19-digit ids sent as numbers exact", () => {
    const raw = JSON.stringify(textContent)
      .replace('"tt-msg-1"', "7247303576418566913")
      .replace('"tt-conv-1"', "7247303576418566999");
    const event = parseTiktokWebhook(envelope("im_receive_msg", raw));
    expect(event.message).toMatchObject({
      messageId: "7247303576418566913",
      conversationId: "7247303576418566999",
    });
  });

  it("keys an echo by the customer, and other events by the account", () => {
    const echo = parseTiktokWebhook(
      envelope("im_send_msg", {
        ...textContent,
        message_id: "tt-msg-2",
        from: "Biz",
        from_user: { id: business },
        to: "Alice",
        to_user: { id: "user-1" },
      }),
    );
    expect(echo.eventId).toBe("im_send_msg:tt-msg-2");
    expect(tiktokSourceKey(echo)).toBe("user-1");
    const removed = parseTiktokWebhook(envelope("authorization.removed", '{"reason":1}'));
    expect(removed.message).toBeNull();
    expect(removed.eventId).toMatch(/^authorization\.removed:1700000000:[0-9a-f]{32}$/);
    expect(tiktokSourceKey(removed)).toBe(business);
    // A message without an id is still recognised when redelivered (by its content).
    const { message_id: _, ...noId } = textContent;
    const a = parseTiktokWebhook(envelope("im_receive_msg", noId));
    const b = parseTiktokWebhook(envelope("im_receive_msg", noId));
    expect(a.eventId).toBe(b.eventId);
  });

  it("refuses other shapes with ChannelInputError only", () => {
    const bad: unknown[] = [
      null,
      3,
      "x",
      [],
      {},
      { ...envelope("im_receive_msg", textContent), event: "" },
      { ...envelope("im_receive_msg", textContent), create_time: "1" },
      { ...envelope("im_receive_msg", textContent), user_openid: "" },
      { ...envelope("im_receive_msg", textContent), content: { a: 1 } },
      envelope("im_receive_msg", "{not json"),
      envelope("im_receive_msg", "null"),
      envelope("im_receive_msg", { ...textContent, conversation_id: "" }),
      envelope("im_receive_msg", { ...textContent, from_user: {} }),
      envelope("im_receive_msg", { ...textContent, text: { body: "a\u0000b" } }),
      envelope("im_receive_msg", { ...textContent, text: { body: "\ud800" } }),
      envelope("im_receive_msg", { ...textContent, type: "TEXT!" }),
    ];
    for (const body of bad) {
      expect(() => parseTiktokWebhook(body), JSON.stringify(body)).toThrow(
        "not a TikTok webhook body",
      );
    }
  });
});

describe("TikTok events as actions", () => {
  const action = (event: string, content: object | string) =>
    tiktokAction(parseTiktokWebhook(envelope(event, content)));

  it("turns text, images and shared posts into a message to answer", () => {
    expect(action("im_receive_msg", textContent)).toEqual({
      kind: "message",
      userId: "user-1",
      displayName: "Alice",
      conversationId: "tt-conv-1",
      messageId: "tt-msg-1",
      content: { type: "text", text: "ร้านเปิดกี่โมงคะ", typed: true },
    });
    expect(
      action("im_receive_msg", { ...textContent, type: "image", image: { media_id: "media-1" } }),
    ).toMatchObject({ kind: "message", content: { type: "image", mediaId: "media-1" } });
    expect(
      action("im_receive_msg", {
        ...textContent,
        type: "share_post",
        share_post: { embed_url: "https://www.tiktok.com/embed/123" },
      }),
    ).toMatchObject({
      content: {
        type: "text",
        text: "[shared TikTok post: https://www.tiktok.com/embed/123]",
        typed: false,
      },
    });
    // A link that is not HTTPS is not passed on.
    expect(
      action("im_receive_msg", {
        ...textContent,
        type: "share_post",
        share_post: { embed_url: "javascript:alert(1)" },
      }),
    ).toMatchObject({ content: { text: "[shared TikTok post]" } });
  });

  it("never answers the business's own messages; stops on authorization.removed; ignores the rest", () => {
    expect(
      action("im_send_msg", {
        ...textContent,
        from_user: { id: business },
        to_user: { id: "user-1" },
      }),
    ).toEqual({
      kind: "echo",
      userId: "user-1",
      conversationId: "tt-conv-1",
      messageId: "tt-msg-1",
    });
    // Even under im_receive_msg, a message from the business itself is an echo.
    expect(
      action("im_receive_msg", {
        ...textContent,
        from_user: { id: business },
        to_user: { id: "u" },
      }),
    ).toMatchObject({ kind: "echo", userId: "u" });
    expect(action("authorization.removed", '{"reason":1}')).toEqual({ kind: "deauthorized" });
    expect(action("im_mark_read_msg", "{}")).toMatchObject({ kind: "ignore" });
    expect(action("im_receive_msg", { ...textContent, type: "sticker" })).toMatchObject({
      kind: "ignore",
    });
    expect(action("im_receive_msg", { ...textContent, text: { body: "  " } })).toMatchObject({
      kind: "ignore",
    });
    expect(action("im_receive_msg", { ...textContent, type: "image" })).toMatchObject({
      kind: "ignore",
    });
  });
});

describe("TikTok replies", () => {
  it("splits under 6,000 characters at word boundaries, Thai included", () => {
    expect(formatTiktokMessages("  ")).toEqual([]);
    expect(formatTiktokMessages("hello")).toEqual(["hello"]);
    const thai = "ร้านเปิดทุกวันตั้งแต่เก้าโมงเช้า".repeat(400);
    const parts = formatTiktokMessages(thai);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(tiktokLimits.textChars);
    expect(parts.join("")).toBe(thai);
  });
});

describe("TikTok's refusals", () => {
  it("knows its auth, rate-limit, permission and window errors; retries only what may pass", () => {
    expect(tiktokFailure(40105, "Access token is incorrect or has been revoked.")).toMatchObject({
      reason: "auth",
      retryable: false,
      code: 40105,
      tiktokMessage: "Access token is incorrect or has been revoked.",
    });
    expect(tiktokFailure(40102, "Access token has expired")).toMatchObject({ reason: "auth" });
    expect(tiktokFailure(40100, "Too many requests")).toMatchObject({
      reason: "rate_limited",
      retryable: true,
    });
    expect(tiktokFailure(40001, "No permission to perform this operation.")).toMatchObject({
      reason: "not_approved",
      retryable: false,
    });
    expect(
      tiktokFailure(40002, "The 48-hour reply window of this conversation has expired."),
    ).toMatchObject({ reason: "window", retryable: false });
    expect(tiktokFailure(50002, "System error")).toMatchObject({ retryable: true });
    expect(tiktokFailure(40002, "Invalid param", { requestId: "r-1" }).error).toBe(
      "TikTok answered 40002: Invalid param (request r-1)",
    );
    expect(tiktokHttpFailure(429, "7", "")).toMatchObject({
      reason: "rate_limited",
      retryable: true,
      retryAfterSeconds: 7,
    });
    expect(tiktokHttpFailure(503, null, "down")).toMatchObject({ retryable: true });
    expect(tiktokHttpFailure(400, null, "bad")).toMatchObject({ retryable: false });
  });
});

describe("the TikTok client", () => {
  let server: Server;
  let baseUrl: string;
  const seen: { method: string; path: string; token?: string; body: string; type?: string }[] = [];
  const token = "act.example-token-0123456789";
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

  beforeAll(async () => {
    server = createServer(async (request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? "/", "http://x");
      seen.push({
        method: request.method ?? "",
        path: url.pathname + url.search,
        token: request.headers["access-token"] as string | undefined,
        // utf8: the multipart body's PNG bytes do not matter to the checks.
        body: Buffer.concat(chunks).toString("utf8"),
        type: request.headers["content-type"],
      });
      const json = (body: unknown) => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === "/file.png") {
        response.writeHead(200, { "Content-Type": "image/png" });
        response.end(Buffer.from(png));
        return;
      }
      if (request.headers["access-token"] !== token) {
        return json({
          code: 40105,
          message: `Access token ${request.headers["access-token"]} is incorrect or has been revoked.`,
          request_id: "r-auth",
          data: {},
        });
      }
      switch (url.pathname) {
        case "/open_api/v1.3/business/get/":
          return json({
            code: 0,
            message: "OK",
            request_id: "r1",
            data: { display_name: "Somtam", username: "somtam", profile_image: "http://x/p.png" },
          });
        case "/open_api/v1.3/business/message/send/":
          return json({ code: 0, message: "OK", data: { message: { message_id: "m-1" } } });
        case "/open_api/v1.3/business/message/media/upload/":
          return json({ code: 0, message: "OK", data: { media_id: "media-9" } });
        case "/open_api/v1.3/business/message/media/download/":
          return json({ code: 0, message: "OK", data: { download_url: `${baseUrl}/file.png` } });
        default:
          response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("calls TikTok's paths with the Access-Token header and reads its envelope", async () => {
    const client = createTiktokClient(token, { baseUrl, timeoutMs: 2_000 });
    expect(await client.businessInfo(business)).toEqual({
      ok: true,
      statusCode: 200,
      // Only an HTTPS picture is kept.
      value: { displayName: "Somtam", username: "somtam", pictureUrl: null },
    });
    expect(seen.at(-1)!.path).toBe(
      `/open_api/v1.3/business/get/?business_id=${business}&fields=%5B%22username%22%2C%22display_name%22%2C%22profile_image%22%5D`,
    );
    expect(seen.at(-1)!.token).toBe(token);
    expect(await client.sendText(business, "conv-1", "สวัสดี")).toMatchObject({
      ok: true,
      value: { messageId: "m-1" },
    });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      business_id: business,
      recipient_type: "CONVERSATION",
      recipient: "conv-1",
      message_type: "TEXT",
      text: { body: "สวัสดี" },
    });
    expect(await client.sendImage(business, "conv-1", "media-9")).toMatchObject({ ok: true });
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({
      message_type: "IMAGE",
      image: { media_id: "media-9" },
    });
    const uploaded = await client.uploadImage(business, { bytes: png, mimeType: "image/png" });
    expect(uploaded).toMatchObject({ ok: true, value: { mediaId: "media-9" } });
    expect(seen.at(-1)!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)!.body).toContain('name="media_type"');
    expect(seen.at(-1)!.body).toContain('filename="image.png"');
    const downloaded = await client.downloadMedia(
      business,
      { conversationId: "conv-1", messageId: "m-0", mediaId: "media-1" },
      1_000,
    );
    expect(downloaded).toMatchObject({ ok: true, value: { mimeType: "image/png" } });
    expect(seen.at(-1)!.token).toBeUndefined();
    expect(
      await client.downloadMedia(
        business,
        { conversationId: "c", messageId: "m", mediaId: "x" },
        4,
      ),
    ).toMatchObject({ ok: true, value: { tooLarge: true } });
  });

  it("answers a refusal as a result, never with the token in it", async () => {
    const wrong = "act.wrong-token-0123456789";
    const client = createTiktokClient(wrong, { baseUrl });
    const result = await client.sendText(business, "conv-1", "hi");
    expect(result).toMatchObject({ ok: false, reason: "auth", code: 40105 });
    expect(JSON.stringify(result)).not.toContain(wrong);
    const down = createTiktokClient(token, { baseUrl: "http://127.0.0.1:1", timeoutMs: 500 });
    expect(await down.businessInfo(business)).toMatchObject({ ok: false, retryable: true });
  });
});
