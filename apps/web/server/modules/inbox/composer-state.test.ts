import { describe, expect, it } from "vitest";
import { type ComposerFacts, composerState } from "./composer-state";

const now = new Date("2026-11-26T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
const facts = (overrides: Partial<ComposerFacts>): ComposerFacts => ({
  channel: "web",
  lastCustomerMessageAt: hoursAgo(1),
  replyToken: null,
  replyTokenAt: null,
  optedOut: false,
  connectionActive: true,
  humanAgentTag: false,
  imagesAllowed: true,
  ...overrides,
});

describe("the composer's channel rules", () => {
  it("lets a reply go any time on the page, the widget and the API", () => {
    for (const channel of ["web", "widget", "api"] as const) {
      const state = composerState(
        facts({ channel, lastCustomerMessageAt: hoursAgo(24 * 30) }),
        now,
      );
      expect(state).toMatchObject({ canReply: true, window: { kind: "none", endsAt: null } });
    }
  });

  it("keeps Messenger and Instagram to 24 hours, then 7 days with the human-agent tag", () => {
    for (const channel of ["messenger", "instagram"] as const) {
      expect(
        composerState(facts({ channel, lastCustomerMessageAt: hoursAgo(23) }), now),
      ).toMatchObject({
        canReply: true,
        window: {
          kind: "standard",
          endsAt: new Date(hoursAgo(23).getTime() + 24 * 3600_000).toISOString(),
        },
      });
      expect(
        composerState(facts({ channel, lastCustomerMessageAt: hoursAgo(25) }), now),
      ).toMatchObject({
        canReply: false,
        refusal: "window_closed",
      });
      expect(
        composerState(
          facts({ channel, lastCustomerMessageAt: hoursAgo(25), humanAgentTag: true }),
          now,
        ),
      ).toMatchObject({ canReply: true, window: { kind: "human_agent" } });
      expect(
        composerState(
          facts({ channel, lastCustomerMessageAt: hoursAgo(24 * 7 + 1), humanAgentTag: true }),
          now,
        ),
      ).toMatchObject({
        canReply: false,
        refusal: "window_closed",
        window: { kind: "human_agent" },
      });
      // A business never starts the conversation.
      expect(composerState(facts({ channel, lastCustomerMessageAt: null }), now).canReply).toBe(
        false,
      );
    }
  });

  it("keeps TikTok to 48 hours", () => {
    expect(
      composerState(facts({ channel: "tiktok", lastCustomerMessageAt: hoursAgo(47) }), now)
        .canReply,
    ).toBe(true);
    expect(
      composerState(facts({ channel: "tiktok", lastCustomerMessageAt: hoursAgo(49) }), now),
    ).toMatchObject({
      canReply: false,
      refusal: "window_closed",
      window: { kind: "tiktok" },
    });
  });

  it("says whether a LINE reply goes free by the reply token or as a push", () => {
    const fresh = composerState(
      facts({ channel: "line", replyToken: "tok", replyTokenAt: new Date(now.getTime() - 10_000) }),
      now,
    );
    expect(fresh.line).toEqual({
      via: "reply",
      replyTokenExpiresAt: new Date(now.getTime() + 40_000).toISOString(),
    });
    const stale = composerState(
      facts({ channel: "line", replyToken: "tok", replyTokenAt: new Date(now.getTime() - 60_000) }),
      now,
    );
    expect(stale.line).toEqual({ via: "push", replyTokenExpiresAt: null });
    expect(composerState(facts({ channel: "line" }), now).line?.via).toBe("push");
  });

  it("refuses when the customer blocked the account or the channel is disconnected", () => {
    expect(composerState(facts({ channel: "line", optedOut: true }), now)).toMatchObject({
      canReply: false,
      refusal: "opted_out",
    });
    expect(composerState(facts({ channel: "line", connectionActive: false }), now)).toMatchObject({
      canReply: false,
      refusal: "channel_disconnected",
    });
  });
});
