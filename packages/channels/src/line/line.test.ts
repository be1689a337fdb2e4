import { createHmac } from "node:crypto";
import { HTTPFetchError } from "@line/bot-sdk";
import { describe, expect, it } from "vitest";
import { lineFailure } from "./client";
import { lineAction, stickerText } from "./events";
import { formatLineMessages, lineLimits, lineQuickReply, lineSender } from "./format";
import { lineSourceKey, parseLineWebhook, verifyLineSignature } from "./webhook";

const secret = "8c570fa6dd201bb328f1c1eac23a96d8";

// Recorded shapes from LINE's webhook reference (line-openapi webhook.yml examples).
const textEvent = {
  type: "message",
  message: {
    type: "text",
    id: "468789577898262530",
    quoteToken: "q3Plxr4AgKd...",
    text: "ร้านเปิดกี่โมงคะ",
  },
  webhookEventId: "01H810YECXQQZ37VAXPF6H9E6T",
  deliveryContext: { isRedelivery: false },
  timestamp: 1692251666727,
  source: { type: "user", userId: "U4af4980629..." },
  replyToken: "38ef843bde154d9b91c21320ffd17a0f",
  mode: "active",
};

const body = (events: unknown[]) => JSON.stringify({ destination: "xxxxxxxxxx", events });
const sign = (raw: string) => createHmac("sha256", secret).update(raw).digest("base64");

describe("LINE webhook", () => {
  it("accepts LINE's signature on the raw bytes only", () => {
    const raw = body([textEvent]);
    const bytes = new TextEncoder().encode(raw);
    expect(verifyLineSignature(bytes, secret, sign(raw))).toBe(true);
    // The same JSON with other spacing is other bytes.
    const respaced = new TextEncoder().encode(raw.replace(":", ": "));
    expect(verifyLineSignature(respaced, secret, sign(raw))).toBe(false);
    expect(verifyLineSignature(bytes, secret.replace("8", "9"), sign(raw))).toBe(false);
    for (const bad of [null, undefined, "", "AAAA", "not base64!", "x".repeat(500)]) {
      expect(verifyLineSignature(bytes, secret, bad)).toBe(false);
    }
  });

  it("parses LINE's envelope, an empty events array (Verify), and refuses other shapes", () => {
    expect(parseLineWebhook(JSON.parse(body([])))).toEqual([]);
    const [event] = parseLineWebhook(JSON.parse(body([textEvent])));
    expect(event!.webhookEventId).toBe("01H810YECXQQZ37VAXPF6H9E6T");
    expect(lineSourceKey(event!)).toBe("U4af4980629...");
    for (const bad of [
      null,
      3,
      {},
      { events: 3 },
      { events: [{}] },
      { events: [{ type: "message" }] },
    ]) {
      expect(() => parseLineWebhook(bad)).toThrow("not a LINE webhook body");
    }
  });
});

describe("LINE events as actions", () => {
  const action = (overrides: Record<string, unknown>) =>
    lineAction(parseLineWebhook({ events: [{ ...textEvent, ...overrides }] })[0]!);

  it("turns text, stickers, locations, images, files and postbacks into a message", () => {
    expect(action({})).toMatchObject({
      kind: "message",
      userId: "U4af4980629...",
      chat: { type: "user", id: "U4af4980629..." },
      replyToken: "38ef843bde154d9b91c21320ffd17a0f",
      content: { type: "text", text: "ร้านเปิดกี่โมงคะ" },
    });
    expect(
      action({
        message: {
          type: "sticker",
          id: "1",
          packageId: "446",
          stickerId: "1988",
          stickerResourceType: "STATIC",
          keywords: ["Happy", "thank you", "Happy"],
        },
      }),
    ).toMatchObject({ content: { type: "text", text: "[sticker: Happy, thank you]" } });
    expect(
      action({
        message: {
          type: "location",
          id: "2",
          title: "my location",
          address: "1-3 Kioicho, Chiyoda-ku, Tokyo",
          latitude: 35.67966,
          longitude: 139.73669,
        },
      }),
    ).toMatchObject({
      content: {
        type: "location",
        latitude: 35.67966,
        title: "my location, 1-3 Kioicho, Chiyoda-ku, Tokyo",
      },
    });
    expect(
      action({ message: { type: "image", id: "3", contentProvider: { type: "line" } } }),
    ).toMatchObject({
      messageId: "3",
      content: { type: "image" },
    });
    expect(
      action({ message: { type: "file", id: "4", fileName: "menu.pdf", fileSize: 2138 } }),
    ).toMatchObject({
      content: { type: "file", kind: "file", name: "menu.pdf" },
    });
    expect(action({ message: { type: "audio", id: "5", duration: 60000 } })).toMatchObject({
      content: { type: "file", kind: "audio" },
    });
    expect(
      action({ type: "postback", message: undefined, postback: { data: "action=buy&itemid=111" } }),
    ).toMatchObject({
      kind: "message",
      content: { type: "text", text: "action=buy&itemid=111" },
    });
  });

  it("follows, unfollows, and ignores what it cannot answer", () => {
    expect(
      action({ type: "follow", message: undefined, follow: { isUnblocked: false } }),
    ).toMatchObject({
      kind: "follow",
      userId: "U4af4980629...",
    });
    expect(action({ type: "unfollow", message: undefined, replyToken: undefined })).toEqual({
      kind: "unfollow",
      userId: "U4af4980629...",
    });
    expect(action({ type: "beacon", message: undefined }).kind).toBe("ignore");
    expect(action({ message: { type: "imagemap", id: "1" } }).kind).toBe("ignore");
    expect(action({ source: { type: "group", groupId: "Cg1" } }).kind).toBe("ignore");
  });

  it("answers a group only when the bot is mentioned, replying to the group", () => {
    const group = { type: "group", groupId: "Ca56f94637c...", userId: "U4af4980629..." };
    expect(action({ source: group }).kind).toBe("ignore");
    expect(
      action({
        source: group,
        message: {
          type: "text",
          id: "1",
          text: "@Somtam ราคาเท่าไหร่",
          mention: { mentionees: [{ index: 0, length: 7, type: "user", isSelf: true }] },
        },
      }),
    ).toMatchObject({
      kind: "message",
      userId: "U4af4980629...",
      chat: { type: "group", id: "Ca56f94637c..." },
      content: { type: "text", text: "ราคาเท่าไหร่" },
    });
  });

  it("describes stickers in words", () => {
    expect(stickerText([])).toBe("[sticker]");
    expect(stickerText(["a", "b", "c", "d", "e", "f"])).toBe("[sticker: a, b, c, d, e]");
  });
});

describe("LINE messages", () => {
  it("cuts long replies under 5,000 UTF-16 units, at most five a request, quick replies last", () => {
    const sentence = "ร้านเปิดทุกวันตั้งแต่เก้าโมงเช้าถึงห้าโมงเย็น. ";
    const requests = formatLineMessages(sentence.repeat(700), {
      quickReplies: ["ร้านเปิดกี่โมง"],
      sender: { name: "Somtam LINE shop bot with a long name" },
    });
    const all = requests.flat();
    expect(requests.every((request) => request.length <= lineLimits.messagesPerRequest)).toBe(true);
    expect(all.every((message) => message.text.length <= lineLimits.textUnits)).toBe(true);
    expect(
      all
        .map((m) => m.text)
        .join(" ")
        .replace(/\s+/g, ""),
    ).toBe(sentence.repeat(700).replace(/\s+/g, ""));
    expect(all.at(-1)!.quickReply?.items).toHaveLength(1);
    expect(all[0]!.quickReply).toBeUndefined();
    expect(all[0]!.sender?.name).not.toMatch(/line/i);
    expect(Array.from(all[0]!.sender!.name!).length).toBeLessThanOrEqual(20);
  });

  it("keeps quick replies within LINE's limits", () => {
    const questions = Array.from({ length: 20 }, (_, i) => `คำถามที่ ${i} เกี่ยวกับการจัดส่งสินค้าทั่วประเทศ`);
    const reply = lineQuickReply([...questions, questions[0]!, "  "]);
    expect(reply!.items).toHaveLength(13);
    for (const item of reply?.items ?? []) {
      const action = item.action as { label: string; text: string };
      expect(Array.from(action.label).length).toBeLessThanOrEqual(20);
      expect(action.text.length).toBeLessThanOrEqual(300);
    }
    expect(lineQuickReply([])).toBeUndefined();
  });

  it("names the sender without an http icon", () => {
    expect(lineSender({ name: "Mali", iconUrl: "http://localhost/a.webp" })).toEqual({
      name: "Mali",
    });
    expect(lineSender({ name: "Mali", iconUrl: "https://jai.example/a.webp" })).toEqual({
      name: "Mali",
      iconUrl: "https://jai.example/a.webp",
    });
    expect(lineSender({ name: "LINE" })).toBeUndefined();
  });
});

describe("LINE errors", () => {
  const fetchError = (status: number, body: object, headers: Record<string, string> = {}) =>
    new HTTPFetchError("failed", {
      status,
      statusText: "x",
      headers: new Headers(headers),
      body: JSON.stringify(body),
    });

  it("retries 429 after Retry-After and 5xx, never 4xx; knows an invalid reply token and a refused token", () => {
    expect(
      lineFailure(fetchError(429, { message: "Too Many Requests" }, { "retry-after": "7" })),
    ).toMatchObject({
      retryable: true,
      reason: "rate_limited",
      retryAfterSeconds: 7,
      statusCode: 429,
    });
    expect(lineFailure(fetchError(503, {}))).toMatchObject({ retryable: true });
    expect(lineFailure(fetchError(400, { message: "Invalid reply token" }))).toMatchObject({
      retryable: false,
      reason: "invalid_reply_token",
    });
    expect(lineFailure(fetchError(401, { message: "Authentication failed" }))).toMatchObject({
      retryable: false,
      reason: "auth",
    });
    expect(
      lineFailure(fetchError(409, { message: "The retry key is already accepted" })),
    ).toMatchObject({
      reason: "conflict",
    });
    expect(lineFailure(new TypeError("fetch failed"))).toMatchObject({ retryable: true });
  });
});

describe("LINE webhook text", () => {
  it("refuses a NUL or a lone surrogate, which the database cannot store", () => {
    for (const text of ["a\u0000b", "\ud800", "x\udc00"]) {
      expect(() =>
        parseLineWebhook({ events: [{ ...textEvent, message: { ...textEvent.message, text } }] }),
      ).toThrow("not a LINE webhook body");
    }
    expect(
      parseLineWebhook({
        events: [{ ...textEvent, message: { ...textEvent.message, text: "🙂 ok" } }],
      }),
    ).toHaveLength(1);
  });
});
