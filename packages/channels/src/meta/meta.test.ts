import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ChannelInputError } from "../types";
import { metaAction } from "./events";
import { cutTitle, formatMetaMessages, metaLimits, metaQuickReplies } from "./format";
import type { MetaWebhookEvent } from "./types";
import {
  metaSourceKey,
  metaWebhookMaxItems,
  parseMetaWebhook,
  verifyMetaSignature,
} from "./webhook";

const appSecret = "b123456789abcdefb123456789abcdef";
const pageId = "104000000000001";
const igId = "17841400000000001";
const psid = "7100000000000001";

// Shapes from Meta's webhook reference (Messenger Platform → Webhook Events, Instagram
// Messaging → Webhook): a text message, and the variations below.
const textItem = {
  sender: { id: psid },
  recipient: { id: pageId },
  timestamp: 1_730_000_000_000,
  message: {
    mid: "m_AG5Hz2Uq7tuwNEhXfYYKj8mJEM_QPpz5jdCK48PnKAjSdjfipqxqMvK8ma6AC8fplwlqLP_5cgXIbu7I3rBN0P",
    text: "ร้านเปิดกี่โมงคะ",
  },
};
const body = (object: string, entries: unknown[]) => JSON.stringify({ object, entry: entries });
const sign = (raw: string | Uint8Array, secret = appSecret) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
const one = (item: Record<string, unknown>, object: "page" | "instagram" = "page") =>
  parseMetaWebhook({ object, entry: [{ id: pageId, time: 1, messaging: [item] }] });
const action = (item: Record<string, unknown>, object: "page" | "instagram" = "page") => {
  const [event] = one(item, object);
  expect(event).toBeDefined();
  return metaAction(event!);
};
const withMessage = (message: Record<string, unknown>) => ({
  ...textItem,
  message: { mid: "m_1", ...message },
});

describe("Meta webhook signatures", () => {
  const raw = body("page", [{ id: pageId, time: 1, messaging: [textItem] }]);
  const bytes = new TextEncoder().encode(raw);

  it("accepts Meta's sha256= hex HMAC of the raw bytes with the app secret", () => {
    expect(verifyMetaSignature(bytes, appSecret, sign(raw))).toBe(true);
    // Hex in capitals is the same digest.
    expect(
      verifyMetaSignature(bytes, appSecret, `sha256=${sign(raw).slice(7).toUpperCase()}`),
    ).toBe(true);
  });

  it("refuses a wrong secret, a flipped byte, and missing or malformed headers", () => {
    expect(verifyMetaSignature(bytes, "0".repeat(32), sign(raw))).toBe(false);
    expect(verifyMetaSignature(bytes, "", sign(raw, ""))).toBe(false);
    const flipped = Uint8Array.from(bytes);
    flipped[10] = flipped[10]! ^ 1;
    expect(verifyMetaSignature(flipped, appSecret, sign(raw))).toBe(false);
    // Re-serialised JSON (another spacing) is not what Meta signed.
    const spaced = new TextEncoder().encode(JSON.stringify(JSON.parse(raw), null, 1));
    expect(verifyMetaSignature(spaced, appSecret, sign(raw))).toBe(false);
    const good = sign(raw);
    for (const bad of [
      null,
      undefined,
      "",
      "sha256=",
      "sha256=00",
      good.slice(7),
      `sha1=${good.slice(7)}`,
      good.slice(0, -1),
      `${good}0`,
      `${good.slice(0, -1)}z`,
      `sha256=${"0".repeat(64)}`,
      `sha256=${"x".repeat(64)}`,
      "x".repeat(5000),
    ]) {
      expect(verifyMetaSignature(bytes, appSecret, bad)).toBe(false);
    }
  });
});

describe("Meta webhook bodies", () => {
  it("returns every item of every entry of a batch, in order, with its id and customer", () => {
    const items = (from: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        sender: { id: from },
        recipient: { id: pageId },
        timestamp: 1_730_000_000_000 + i,
        message: { mid: `m_${from}_${i}`, text: `hello ${i}` },
      }));
    const events = parseMetaWebhook(
      JSON.parse(
        body("page", [
          { id: pageId, time: 1, messaging: items("7100000000000011", 3) },
          { id: pageId, time: 2, messaging: items("7100000000000012", 2) },
        ]),
      ),
    );
    expect(events.map((e) => e.eventId)).toEqual([
      "m_7100000000000011_0",
      "m_7100000000000011_1",
      "m_7100000000000011_2",
      "m_7100000000000012_0",
      "m_7100000000000012_1",
    ]);
    expect(events[3]).toMatchObject({
      object: "page",
      entryId: pageId,
      userId: "7100000000000012",
      timestamp: 1_730_000_000_000,
    });
    expect(metaSourceKey(events[4]!)).toBe("7100000000000012");
    // The item is kept as received (it is stored as the event's payload).
    expect(events[0]!.item).toEqual(items("7100000000000011", 1)[0]);
  });

  it("names an echo's customer by its recipient, and keeps its mid", () => {
    const [echo] = one({
      sender: { id: pageId },
      recipient: { id: psid },
      timestamp: 1,
      message: { mid: "m_echo", is_echo: true, app_id: 1517776481860111, text: "Every day" },
    });
    expect(echo).toMatchObject({ eventId: "m_echo", userId: psid });
  });

  it("leaves out deliveries, reads, reactions and unknown kinds, keeps postbacks, referrals and opt-ins", () => {
    const base = { sender: { id: psid }, recipient: { id: pageId }, timestamp: 1_730_000_000_000 };
    const events = parseMetaWebhook({
      object: "page",
      entry: [
        {
          id: pageId,
          time: 1,
          messaging: [
            { ...base, delivery: { mids: ["m_1"], watermark: 1 } },
            { ...base, read: { watermark: 1 } },
            { ...base, reaction: { mid: "m_1", action: "react", reaction: "love", emoji: "❤️" } },
            { ...base, message_edit: { mid: "m_1", text: "x", num_edit: 1 } },
            { ...base, postback: { mid: "m_pb", title: "Get Started", payload: "GET_STARTED" } },
            { ...base, postback: { title: "Hours", payload: "HOURS" } },
            { ...base, referral: { ref: "spring", source: "SHORTLINK", type: "OPEN_THREAD" } },
            { ...base, optin: { type: "notification_messages", payload: "x" } },
          ],
        },
        // An Instagram comment (a `changes` entry): no messaging items.
        { id: pageId, time: 1, changes: [{ field: "comments", value: {} }] },
      ],
    });
    expect(events.map((e) => e.eventId.replace(/:[0-9a-f]{16}$/, ":#"))).toEqual([
      "m_pb",
      `postback:${psid}:1730000000000:#`,
      `referral:${psid}:1730000000000:#`,
      `optin:${psid}:1730000000000:#`,
    ]);
    // The derived ids are stable: a redelivery is recognised.
    const again = parseMetaWebhook({
      object: "page",
      entry: [
        { id: pageId, messaging: [{ ...base, postback: { title: "Hours", payload: "HOURS" } }] },
      ],
    });
    expect(again[0]!.eventId).toBe(events[1]!.eventId);
    // Another payload at the same moment is another event.
    const other = parseMetaWebhook({
      object: "page",
      entry: [
        { id: pageId, messaging: [{ ...base, postback: { title: "Menu", payload: "MENU" } }] },
      ],
    });
    expect(other[0]!.eventId).not.toBe(events[1]!.eventId);
  });

  it("accepts an empty batch, and refuses what is not Meta's", () => {
    expect(parseMetaWebhook({ object: "page", entry: [] })).toEqual([]);
    expect(parseMetaWebhook({ object: "instagram", entry: [{ id: igId, messaging: [] }] })).toEqual(
      [],
    );
    const bad: unknown[] = [
      null,
      3,
      "page",
      [],
      {},
      { object: "user", entry: [] },
      { object: "whatsapp_business_account", entry: [] },
      { object: "page" },
      { object: "page", entry: 3 },
      { object: "page", entry: [{}] },
      { object: "page", entry: [{ id: 104 }] },
      { object: "page", entry: [{ id: pageId, messaging: 3 }] },
      { object: "page", entry: [{ id: pageId, messaging: [3] }] },
      { object: "page", entry: [{ id: pageId, messaging: [{ ...textItem, sender: {} }] }] },
      { object: "page", entry: [{ id: pageId, messaging: [{ ...textItem, sender: { id: 7 } }] }] },
      {
        object: "page",
        entry: [{ id: pageId, messaging: [{ ...textItem, recipient: undefined }] }],
      },
      { object: "page", entry: [{ id: pageId, messaging: [{ ...textItem, timestamp: "1" }] }] },
      { object: "page", entry: [{ id: pageId, messaging: [{ ...textItem, message: "hi" }] }] },
      { object: "page", entry: [{ id: pageId, messaging: [withMessage({ mid: "" })] }] },
      { object: "page", entry: [{ id: pageId, messaging: [withMessage({ text: 3 })] }] },
      { object: "page", entry: [{ id: pageId, messaging: [withMessage({ attachments: {} })] }] },
      { object: "page", entry: [{ id: pageId, messaging: [withMessage({ text: "a\u0000b" })] }] },
      { object: "page", entry: [{ id: pageId, messaging: [withMessage({ text: "a\ud800b" })] }] },
    ];
    for (const value of bad) {
      expect(() => parseMetaWebhook(value), JSON.stringify(value)).toThrow(ChannelInputError);
    }
  });

  it("refuses a body with more items than it takes", () => {
    const many = Array.from({ length: metaWebhookMaxItems / 2 + 1 }, () => textItem);
    expect(() =>
      parseMetaWebhook({
        object: "page",
        entry: [
          { id: pageId, messaging: many },
          { id: pageId, messaging: many },
        ],
      }),
    ).toThrow(ChannelInputError);
    expect(
      parseMetaWebhook({ object: "page", entry: [{ id: pageId, messaging: many }] }),
    ).toHaveLength(many.length);
  });

  it("throws nothing but ChannelInputError, whatever the JSON (10,000 random bodies)", () => {
    const random = seeded(20_260_415);
    let parsedCount = 0;
    for (let i = 0; i < 10_000; i++) {
      const value = randomBody(random);
      let events: MetaWebhookEvent[];
      try {
        events = parseMetaWebhook(value);
      } catch (error) {
        if (!(error instanceof ChannelInputError)) {
          throw new Error(`threw ${String(error)} on ${JSON.stringify(value)}`);
        }
        continue;
      }
      parsedCount++;
      for (const event of events) {
        expect(typeof event.eventId).toBe("string");
        expect(["message", "postback", "echo", "ignore"]).toContain(metaAction(event).kind);
      }
    }
    // The generator reaches past the envelope: some bodies are Meta's.
    expect(parsedCount).toBeGreaterThan(500);
  });
});

describe("Meta events as actions", () => {
  it("takes typed text as typed", () => {
    expect(action(textItem)).toEqual({
      kind: "message",
      userId: psid,
      mid: textItem.message.mid,
      content: { type: "text", text: "ร้านเปิดกี่โมงคะ", typed: true },
    });
  });

  it("takes a tapped quick reply of ours as its full question, another by its text", () => {
    expect(
      action(
        withMessage({ text: "ร้านเปิดกี่โมง…", quick_reply: { payload: "q:ร้านเปิดกี่โมงคะ วันอาทิตย์" } }),
      ),
    ).toMatchObject({ content: { type: "text", text: "ร้านเปิดกี่โมงคะ วันอาทิตย์", typed: false } });
    expect(
      action(withMessage({ text: "Yes", quick_reply: { payload: "YES_PAYLOAD" } })),
    ).toMatchObject({ content: { type: "text", text: "Yes", typed: false } });
    expect(action(withMessage({ quick_reply: { payload: "OTHER" } })).kind).toBe("ignore");
  });

  it("turns images, files, likes and stickers into content", () => {
    const image = "https://scontent.xx.fbcdn.net/v/t1.15752-9/photo.jpg?_nc_cat=1&oh=x";
    expect(
      action(withMessage({ attachments: [{ type: "image", payload: { url: image } }] })),
    ).toMatchObject({ kind: "message", mid: "m_1", content: { type: "image", url: image } });
    for (const kind of ["video", "audio", "file"] as const) {
      expect(
        action(
          withMessage({ attachments: [{ type: kind, payload: { url: `${image}&${kind}` } }] }),
        ),
      ).toMatchObject({ content: { type: "file", kind, url: `${image}&${kind}` } });
    }
    expect(action(withMessage({ attachments: [{ type: "file", payload: null }] }))).toMatchObject({
      content: { type: "file", kind: "file", url: null },
    });
    expect(
      action(
        withMessage({
          sticker_id: 369239263222822,
          attachments: [{ type: "image", payload: { url: image, sticker_id: 369239263222822 } }],
        }),
      ),
    ).toMatchObject({ content: { type: "text", text: "👍", typed: false } });
    expect(
      action(
        withMessage({
          sticker_id: 1_234_567,
          attachments: [{ type: "image", payload: { url: image, sticker_id: 1_234_567 } }],
        }),
      ),
    ).toMatchObject({ content: { type: "text", text: "[sticker]", typed: false } });
    expect(
      action(withMessage({ attachments: [{ type: "like_heart" }] }), "instagram"),
    ).toMatchObject({ content: { type: "text", text: "❤️", typed: false } });
  });

  it("takes Instagram story replies, mentions and shares as text with their context", () => {
    const story = "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1&signature=x";
    expect(
      action(
        withMessage({
          text: "  Is this still available?  ",
          reply_to: { story: { url: story, id: "1" } },
        }),
        "instagram",
      ),
    ).toMatchObject({
      content: {
        type: "text",
        text: "[replied to your story] Is this still available?",
        typed: true,
      },
    });
    expect(
      action(
        withMessage({ attachments: [{ type: "story_mention", payload: { url: story } }] }),
        "instagram",
      ),
    ).toMatchObject({
      content: { type: "text", text: "[mentioned you in their story]", typed: false },
    });
    expect(
      action(
        withMessage({ attachments: [{ type: "ig_reel", payload: { url: story, title: "Reel" } }] }),
      ),
    ).toMatchObject({ content: { type: "text", text: `[shared a reel: ${story}]`, typed: false } });
    expect(
      action(
        withMessage({ text: "look", attachments: [{ type: "share", payload: { url: story } }] }),
      ),
    ).toMatchObject({
      content: { type: "text", text: `look [shared a post: ${story}]`, typed: true },
    });
  });

  it("turns postbacks into postbacks, Get Started included", () => {
    const base = { sender: { id: psid }, recipient: { id: pageId }, timestamp: 1 };
    expect(
      action({ ...base, postback: { mid: "m_p", title: "Get Started", payload: "GET_STARTED" } }),
    ).toEqual({
      kind: "postback",
      userId: psid,
      text: "Get Started",
      payload: "GET_STARTED",
      getStarted: true,
    });
    expect(
      action({ ...base, postback: { title: "Opening hours", payload: "HOURS" } }),
    ).toMatchObject({
      kind: "postback",
      text: "Opening hours",
      getStarted: false,
    });
    expect(action({ ...base, postback: { payload: "HOURS" } })).toMatchObject({ text: "HOURS" });
    expect(action({ ...base, postback: {} }).kind).toBe("ignore");
  });

  it("recognises echoes (with their app), and ignores referrals, opt-ins, deletions and empty messages", () => {
    expect(
      action({
        sender: { id: pageId },
        recipient: { id: psid },
        timestamp: 1,
        message: { mid: "m_e", is_echo: true, app_id: 1517776481860111, text: "Every day" },
      }),
    ).toEqual({
      kind: "echo",
      userId: psid,
      mid: "m_e",
      appId: "1517776481860111",
      text: "Every day",
    });
    expect(
      action({
        sender: { id: pageId },
        recipient: { id: psid },
        timestamp: 1,
        message: { mid: "m_e2", is_echo: true, text: "typed in Business Suite" },
      }),
    ).toMatchObject({ kind: "echo", appId: null });
    const base = { sender: { id: psid }, recipient: { id: pageId }, timestamp: 1 };
    expect(action({ ...base, referral: { ref: "x", source: "ADS" } })).toMatchObject({
      kind: "ignore",
    });
    expect(action({ ...base, optin: { ref: "x" } })).toMatchObject({ kind: "ignore" });
    expect(action(withMessage({ is_deleted: true })).kind).toBe("ignore");
    expect(action(withMessage({ text: "   " })).kind).toBe("ignore");
    expect(action(withMessage({ attachments: [{ type: "mystery" }] })).kind).toBe("ignore");
    // A stored payload that is not an item any more (never thrown).
    expect(
      metaAction({
        object: "page",
        entryId: pageId,
        eventId: "x",
        userId: psid,
        timestamp: 1,
        item: { junk: true },
      }),
    ).toMatchObject({ kind: "ignore" });
  });
});

describe("Meta messages", () => {
  const thai = "ร้านเปิดทุกวันตั้งแต่เก้าโมงเช้าถึงห้าโมงเย็นยกเว้นวันหยุดนักขัตฤกษ์".repeat(80);
  const platforms = [
    ["messenger", metaLimits.messengerTextMax],
    ["instagram", metaLimits.instagramTextMax],
  ] as const;
  /** Where each message but the last ends, as offsets in the text. */
  const cuts = (texts: string[]) => {
    let offset = 0;
    return texts.slice(0, -1).map((t) => {
      offset += t.length;
      return offset;
    });
  };
  const ends = (granularity: "word" | "grapheme") =>
    new Set(
      [...new Intl.Segmenter("th", { granularity }).segment(thai)].map(
        (s) => s.index + s.segment.length,
      ),
    );

  it("cuts Thai without spaces under the platform's limit, on whole characters, quick replies last", () => {
    const graphemes = ends("grapheme");
    for (const [platform, max] of platforms) {
      const messages = formatMetaMessages(platform, thai, { quickReplies: ["ร้านเปิดกี่โมง"] });
      expect(messages.length).toBeGreaterThan(1);
      const texts = messages.map((m) => ("text" in m ? m.text : ""));
      expect(texts.every((t) => t.length <= max && t.length > 0)).toBe(true);
      expect(texts.join("")).toBe(thai);
      for (const cut of cuts(texts)) expect(graphemes.has(cut)).toBe(true);
      const last = messages.at(-1)!;
      expect("quick_replies" in last && last.quick_replies).toEqual([
        { content_type: "text", title: "ร้านเปิดกี่โมง", payload: "q:ร้านเปิดกี่โมง" },
      ]);
      expect(messages.slice(0, -1).some((m) => "quick_replies" in m)).toBe(false);
    }
  });

  // splitText once segmented only the first maxChars + 1 characters, so the word straddling the
  // limit could be cut inside ("ยกเว้|น").
  it("cuts Thai only between words", () => {
    const words = ends("word");
    for (const [platform] of platforms) {
      const texts = formatMetaMessages(platform, thai, {}).map((m) => ("text" in m ? m.text : ""));
      for (const cut of cuts(texts)) expect(words.has(cut), `${platform} at ${cut}`).toBe(true);
    }
  });

  it("sends nothing for an empty reply and one message for a short one", () => {
    expect(formatMetaMessages("messenger", "   ", { quickReplies: ["x"] })).toEqual([]);
    expect(formatMetaMessages("instagram", "Every day from 9 to 5.", {})).toEqual([
      { text: "Every day from 9 to 5." },
    ]);
  });

  it("offers at most 13 quick replies, titles cut to 20 units, payloads the full question", () => {
    const questions = [
      "When are you open?",
      "When are you open?",
      "  ",
      "Do you deliver to Chiang Mai and the north?",
      "ร้านเปิดกี่โมงวันอาทิตย์คะ",
      "👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽",
      ...Array.from({ length: 20 }, (_, i) => `Question ${i}`),
    ];
    const replies = metaQuickReplies(questions);
    expect(replies).toHaveLength(metaLimits.quickReplies);
    expect(replies.map((r) => r.title).slice(0, 4)).toEqual([
      "When are you open?",
      "Do you deliver to…",
      "ร้านเปิดกี่โมงวัน…",
      "👍🏽👍🏽👍🏽👍🏽…",
    ]);
    for (const reply of replies) {
      expect(reply.title.length).toBeLessThanOrEqual(metaLimits.quickReplyTitle);
      expect(reply.payload.length).toBeLessThanOrEqual(metaLimits.quickReplyPayload);
    }
    expect(replies[1]!.payload).toBe("q:Do you deliver to Chiang Mai and the north?");
    // A tap comes back as the whole question.
    expect(
      action(
        withMessage({ text: replies[1]!.title, quick_reply: { payload: replies[1]!.payload } }),
      ),
    ).toMatchObject({ content: { text: "Do you deliver to Chiang Mai and the north?" } });
    // A question longer than the payload allows is cut on a whole character.
    const long = metaQuickReplies([`${"ก".repeat(997)}👍🏽`])[0]!;
    expect(long.payload.length).toBeLessThanOrEqual(metaLimits.quickReplyPayload);
    expect(long.payload.endsWith("ก")).toBe(true);
    expect(cutTitle("Supercalifragilisticexpialidocious", 20)).toBe("Supercalifragilisti…");
  });
});

/** A small deterministic generator (mulberry32): the fuzz is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A random JSON value, most of the time shaped somewhat like Meta's, with wrong parts. */
function randomBody(random: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const scalar = (): unknown =>
    pick([
      () => null,
      () => random() < 0.5,
      () => Math.floor(random() * 1e6),
      () => -1.5,
      () => 1e308,
      () => "",
      () => "\u0000",
      () => "\ud800",
      () => "ร้าน",
      () => "x".repeat(Math.floor(random() * 3000)),
      () => String(Math.floor(random() * 1e15)),
    ])();
  const anything = (depth: number): unknown => {
    if (depth > 3 || random() < 0.4) return scalar();
    if (random() < 0.5)
      return Array.from({ length: Math.floor(random() * 4) }, () => anything(depth + 1));
    const object: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 4); i > 0; i--) {
      object[pick(["id", "mid", "text", "type", "payload", "url", "__proto__", "constructor"])] =
        anything(depth + 1);
    }
    return object;
  };
  const maybe = (value: () => unknown) => (random() < 0.85 ? value() : anything(2));
  const attachment = () => ({
    type: maybe(() =>
      pick([
        "image",
        "video",
        "audio",
        "file",
        "like_heart",
        "story_mention",
        "share",
        "ig_reel",
        "fallback",
        "?",
      ]),
    ),
    payload: maybe(() =>
      random() < 0.2
        ? null
        : {
            url: maybe(() => "https://fbcdn.net/x"),
            sticker_id: maybe(() => pick([369239263222822, 5, "7"])),
          },
    ),
  });
  const messagingItem = () => {
    const item: Record<string, unknown> = {
      sender: maybe(() => ({ id: maybe(() => String(Math.floor(random() * 1e15))) })),
      recipient: maybe(() => ({ id: pageId })),
      timestamp: maybe(() => 1_730_000_000_000 + Math.floor(random() * 1e6)),
    };
    const kind = pick([
      "message",
      "postback",
      "referral",
      "optin",
      "read",
      "delivery",
      "reaction",
      "none",
    ]);
    if (kind === "message") {
      item.message = maybe(() => {
        const message: Record<string, unknown> = {
          mid: maybe(() => `m_${Math.floor(random() * 1e9)}`),
        };
        if (random() < 0.6) message.text = maybe(() => pick(["hi", "ร้านเปิดกี่โมง", "  ", "\u0000"]));
        if (random() < 0.2) message.is_echo = maybe(() => true);
        if (random() < 0.2) message.app_id = maybe(() => 1517776481860111);
        if (random() < 0.2)
          message.quick_reply = maybe(() => ({ payload: maybe(() => pick(["q:hours", "X"])) }));
        if (random() < 0.3)
          message.attachments = maybe(() =>
            Array.from({ length: Math.floor(random() * 3) }, attachment),
          );
        if (random() < 0.1)
          message.reply_to = maybe(() => ({ story: { url: "https://fbsbx.com/s", id: "1" } }));
        if (random() < 0.1) message.is_deleted = maybe(() => true);
        return message;
      });
    } else if (kind === "postback") {
      item.postback = maybe(() => ({
        title: maybe(() => "Get Started"),
        payload: maybe(() => "GET_STARTED"),
      }));
    } else if (kind !== "none") {
      item[kind] = maybe(() => ({ ref: "x", watermark: 1 }));
    }
    return item;
  };
  if (random() < 0.1) return anything(0);
  return {
    object: maybe(() => pick(["page", "instagram", "page", "user"])),
    entry: maybe(() =>
      Array.from({ length: Math.floor(random() * 3) }, () => ({
        id: maybe(() => pick([pageId, igId])),
        time: maybe(() => 1),
        messaging: maybe(() => Array.from({ length: Math.floor(random() * 4) }, messagingItem)),
      })),
    ),
  };
}
