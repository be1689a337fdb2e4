import { describe, expect, it } from "vitest";
import { metaRefusals, metaSendPolicy } from "./meta-sender";

const now = Date.UTC(2026, 10, 26, 12);
const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);

describe("Meta's messaging windows", () => {
  it("sends a bot's reply only inside 24 hours, as a RESPONSE", () => {
    const bot = (hours: number, humanAgentTag = true) =>
      metaSendPolicy({ author: "bot", lastCustomerMessageAt: hoursAgo(hours), humanAgentTag, now });
    expect(bot(0)).toEqual({ ok: true, options: { messagingType: "RESPONSE" } });
    expect(bot(23.9)).toEqual({ ok: true, options: { messagingType: "RESPONSE" } });
    // Never the HUMAN_AGENT tag for a bot, whatever the permission.
    expect(bot(24)).toEqual({ ok: false, error: metaRefusals.botOutsideWindow });
    expect(bot(30, false)).toEqual({ ok: false, error: metaRefusals.botOutsideWindow });
  });

  it("tags a person's reply HUMAN_AGENT between 24 hours and 7 days, only with the permission", () => {
    const human = (hours: number, humanAgentTag: boolean) =>
      metaSendPolicy({
        author: "human",
        lastCustomerMessageAt: hoursAgo(hours),
        humanAgentTag,
        now,
      });
    expect(human(1, false)).toEqual({ ok: true, options: { messagingType: "RESPONSE" } });
    expect(human(25, true)).toEqual({
      ok: true,
      options: { messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT" },
    });
    expect(human(25, false)).toEqual({ ok: false, error: metaRefusals.humanNeedsTag });
    expect(human(7 * 24 - 0.1, true).ok).toBe(true);
    expect(human(7 * 24, true)).toEqual({ ok: false, error: metaRefusals.humanOutsideTag });
  });

  it("sends nothing to someone who never wrote (the business never starts a conversation)", () => {
    for (const author of ["bot", "human"] as const) {
      expect(
        metaSendPolicy({ author, lastCustomerMessageAt: null, humanAgentTag: true, now }),
      ).toEqual({ ok: false, error: metaRefusals.neverWrote });
    }
  });
});
