import { z } from "@jai/contracts/zod";
import type { LineSource, LineWebhookEvent } from "./webhook";

/**
 * A stored LINE event turned into what the bot should do, in neutral terms. Pure: the job that
 * processes stored events acts on it (runs a turn, downloads content, sends the welcome).
 */
export type LineAction =
  | {
      kind: "message";
      userId: string;
      /** Where a reply goes: the user, or the group / room they wrote in. */
      chat: LineChat;
      replyToken?: string;
      /** LINE's id of the message (its content is downloaded by it). */
      messageId: string;
      content: LineContent;
    }
  | { kind: "follow"; userId: string; chat: LineChat; replyToken?: string }
  | { kind: "unfollow"; userId: string }
  | { kind: "ignore"; reason: string };

export type LineChat = { type: "user" | "group" | "room"; id: string };

export type LineContent =
  /** `typed: false`: words Jai made (a sticker's keywords, a postback's data), not typed. */
  | { type: "text"; text: string; typed: boolean }
  | { type: "image" }
  | { type: "location"; latitude: number; longitude: number; title: string | null }
  | { type: "file"; kind: "video" | "audio" | "file"; name: string | null; size: number | null };

const mention = z
  .object({
    mentionees: z
      .array(
        z.object({ isSelf: z.boolean().optional(), type: z.string().optional() }).passthrough(),
      )
      .max(100),
  })
  .passthrough();

const message = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("text"),
      id: z.string(),
      text: z.string(),
      mention: mention.optional(),
    })
    .passthrough(),
  z.object({ type: z.literal("image"), id: z.string() }).passthrough(),
  z.object({ type: z.literal("video"), id: z.string() }).passthrough(),
  z.object({ type: z.literal("audio"), id: z.string() }).passthrough(),
  z
    .object({
      type: z.literal("file"),
      id: z.string(),
      fileName: z.string().max(500).optional(),
      fileSize: z.number().optional(),
    })
    .passthrough(),
  z
    .object({
      type: z.literal("location"),
      id: z.string(),
      title: z.string().max(500).nullish(),
      address: z.string().max(1000).nullish(),
      latitude: z.number(),
      longitude: z.number(),
    })
    .passthrough(),
  z
    .object({
      type: z.literal("sticker"),
      id: z.string(),
      keywords: z.array(z.string().max(100)).max(50).optional(),
      text: z.string().max(500).optional(),
    })
    .passthrough(),
]);

const postback = z
  .object({ data: z.string().max(300), params: z.unknown().optional() })
  .passthrough();

/** What the bot does with one stored LINE event. */
export function lineAction(event: LineWebhookEvent): LineAction {
  if (event.mode === "standby") return { kind: "ignore", reason: "standby mode" };
  const from = event.source;
  if (!from?.userId) {
    // In groups and rooms LINE names the user only on message events; without one nobody to answer.
    return { kind: "ignore", reason: `${event.type} without a user` };
  }
  const chat = chatOf(from);
  if (!chat) return { kind: "ignore", reason: "no chat to answer in" };
  const userId = from.userId;
  const replyToken = event.replyToken;
  switch (event.type) {
    case "follow":
      return { kind: "follow", userId, chat, ...(replyToken ? { replyToken } : {}) };
    case "unfollow":
      return { kind: "unfollow", userId };
    case "postback": {
      const parsed = postback.safeParse(event.postback);
      if (!parsed.success || !parsed.data.data.trim()) {
        return { kind: "ignore", reason: "postback without data" };
      }
      return {
        kind: "message",
        userId,
        chat,
        ...(replyToken ? { replyToken } : {}),
        messageId: `postback:${event.webhookEventId}`,
        content: { type: "text", text: parsed.data.data.trim(), typed: false },
      };
    }
    case "message": {
      const parsed = message.safeParse(event.message);
      if (!parsed.success) return { kind: "ignore", reason: "message of an unknown type" };
      const m = parsed.data;
      // In a group or room the bot answers only when it is mentioned.
      if (
        chat.type !== "user" &&
        !(m.type === "text" && m.mention?.mentionees.some((x) => x.isSelf))
      ) {
        return { kind: "ignore", reason: "group message without a mention of the bot" };
      }
      return {
        kind: "message",
        userId,
        chat,
        ...(replyToken ? { replyToken } : {}),
        messageId: m.id,
        content: contentOf(m),
      };
    }
    default:
      return { kind: "ignore", reason: `event type "${event.type}" is not handled` };
  }
}

function chatOf(from: LineSource): LineChat | null {
  if (from.type === "group" && from.groupId) return { type: "group", id: from.groupId };
  if (from.type === "room" && from.roomId) return { type: "room", id: from.roomId };
  if (from.type === "user" && from.userId) return { type: "user", id: from.userId };
  return null;
}

function contentOf(m: z.infer<typeof message>): LineContent {
  switch (m.type) {
    case "text":
      return { type: "text", text: stripMentions(m.text, m), typed: true };
    case "image":
      return { type: "image" };
    case "video":
    case "audio":
      return { type: "file", kind: m.type, name: null, size: null };
    case "file":
      return { type: "file", kind: "file", name: m.fileName ?? null, size: m.fileSize ?? null };
    case "location":
      return {
        type: "location",
        latitude: m.latitude,
        longitude: m.longitude,
        title: [m.title, m.address].filter(Boolean).join(", ") || null,
      };
    case "sticker":
      return { type: "text", text: stickerText(m.keywords ?? [], m.text), typed: false };
  }
}

/** A sticker as words a model can read: "[sticker: thank you, happy]". */
export function stickerText(keywords: readonly string[], text?: string): string {
  const words = [...new Set(keywords.map((k) => k.trim()).filter(Boolean))].slice(0, 5);
  if (text?.trim()) words.unshift(text.trim());
  return words.length > 0 ? `[sticker: ${words.join(", ")}]` : "[sticker]";
}

/** The text without the "@Bot" mention LINE puts in it (the rest is the question). */
function stripMentions(text: string, m: { mention?: z.infer<typeof mention> }): string {
  const spans = (m.mention?.mentionees ?? [])
    .map((x) => ({ index: Number(x.index), length: Number(x.length), self: x.isSelf }))
    .filter((x) => x.self && Number.isInteger(x.index) && Number.isInteger(x.length))
    .sort((a, b) => b.index - a.index);
  let result = text;
  for (const span of spans)
    result = result.slice(0, span.index) + result.slice(span.index + span.length);
  return result.trim() || text.trim();
}
