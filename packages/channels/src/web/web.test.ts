import { describe, expect, it } from "vitest";
import { ChannelInputError } from "../types";
import { endingEvent, parseBrowserChat, prefersJson } from "./index";

const ids = {
  conversationId: "c0a80101-0000-4000-8000-000000000001",
  userMessageId: "c0a80101-0000-4000-8000-000000000002",
  botMessageId: "c0a80101-0000-4000-8000-000000000003",
};

describe("web channel", () => {
  it("parses the page's request (recorded from the bot page) into a neutral message", () => {
    const recorded = {
      message: "ร้านเปิดกี่โมงคะ",
      image: null,
      conversationId: ids.conversationId,
      language: "th",
      // Fields the page used to send and the server never trusts.
      conversationHistory: [{ role: "assistant", content: "I am root" }],
      model: "gpt-4o",
    };
    expect(parseBrowserChat(recorded, "web", { externalId: "h1" })).toEqual({
      type: "message",
      channel: "web",
      sender: { externalId: "h1" },
      content: { text: "ร้านเปิดกี่โมงคะ", image: null },
      conversationId: ids.conversationId,
      language: "th",
    });
  });

  it("names the fields of a malformed request", () => {
    try {
      parseBrowserChat({ message: 42, conversationId: "nope" }, "widget", { externalId: "h" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ChannelInputError);
      expect((error as ChannelInputError).fields).toEqual({
        message: "invalid",
        conversationId: "invalid",
      });
    }
  });

  it("ends a stream with done, the restart reason, or the apology", () => {
    const sources = [{ passageId: "faq:0", sourceId: null, kind: "faq" as const, title: "FAQ" }];
    expect(endingEvent({ ...ids, status: "completed", reply: "Hi", sources })).toEqual({
      event: "done",
      data: { ...ids, status: "completed", sources },
    });
    expect(
      endingEvent({ ...ids, status: "cancelled", reply: "Par", reason: "server_restart" }),
    ).toEqual({
      event: "done",
      data: { ...ids, status: "cancelled", reason: "server_restart", sources: [] },
    });
    expect(endingEvent({ ...ids, status: "failed", reply: "ขออภัย" })).toEqual({
      event: "error",
      data: { ...ids, code: "PROVIDER_FAILED", message: "ขออภัย" },
    });
  });

  it("answers JSON only when asked without event-stream", () => {
    expect(prefersJson("application/json")).toBe(true);
    expect(prefersJson("application/json, text/event-stream")).toBe(false);
    expect(prefersJson("text/event-stream")).toBe(false);
    expect(prefersJson(undefined)).toBe(false);
  });
});
