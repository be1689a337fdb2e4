import type { ComposerStateDto, InboxChannel } from "@jai/contracts/inbox";

const hour = 60 * 60 * 1000;

/** The platforms' reply windows, counted from the customer's last message. */
export const replyWindows = {
  /** Messenger and Instagram: standard messaging. */
  standardMs: 24 * hour,
  /** Messenger and Instagram: a person's reply with the HUMAN_AGENT tag (needs the permission). */
  humanAgentMs: 7 * 24 * hour,
  tiktokMs: 48 * hour,
  /** LINE's reply token is good for about a minute; Jai uses it within 50 s. */
  lineReplyTokenMs: 50_000,
} as const;

export type ComposerFacts = {
  channel: InboxChannel;
  lastCustomerMessageAt: Date | null;
  /** LINE: the unused reply token of the customer's last message, and when it came. */
  replyToken: string | null;
  replyTokenAt: Date | null;
  /** The customer blocked or unfollowed the account. */
  optedOut: boolean;
  /** Chat apps: the channel is connected and active (web, widget, API: always true). */
  connectionActive: boolean;
  /** Messenger / Instagram: the app has the human-agent permission (the connection says so). */
  humanAgentTag: boolean;
  /** Images can be sent to this channel now (LINE needs a public HTTPS address for them). */
  imagesAllowed: boolean;
};

/**
 * Whether a teammate's reply can go now, and how: the platform's window (Messenger and
 * Instagram 24 h, then 7 days with the human-agent tag when permitted; TikTok 48 h; LINE,
 * the page, the widget and the API have none) and, on LINE, whether it goes free by the reply
 * token or as a push that counts against the quota.
 */
export function composerState(facts: ComposerFacts, now: Date): ComposerStateDto {
  const base = { channel: facts.channel, images: facts.imagesAllowed, line: null };
  if (facts.optedOut) {
    return {
      ...base,
      canReply: false,
      refusal: "opted_out",
      window: { kind: "none", endsAt: null },
    };
  }
  if (!facts.connectionActive) {
    return {
      ...base,
      canReply: false,
      refusal: "channel_disconnected",
      window: { kind: "none", endsAt: null },
    };
  }
  const since = facts.lastCustomerMessageAt?.getTime();
  const windowFrom = (kind: "standard" | "human_agent" | "tiktok", ms: number) => {
    const endsAt = since === undefined ? null : new Date(since + ms);
    const open = endsAt !== null && endsAt.getTime() > now.getTime();
    return { open, window: { kind, endsAt: endsAt?.toISOString() ?? null } };
  };
  switch (facts.channel) {
    case "messenger":
    case "instagram": {
      const standard = windowFrom("standard", replyWindows.standardMs);
      if (standard.open) return { ...base, canReply: true, refusal: null, window: standard.window };
      if (facts.humanAgentTag) {
        const tagged = windowFrom("human_agent", replyWindows.humanAgentMs);
        if (tagged.open) {
          return { ...base, canReply: true, refusal: null, window: tagged.window };
        }
        return { ...base, canReply: false, refusal: "window_closed", window: tagged.window };
      }
      return { ...base, canReply: false, refusal: "window_closed", window: standard.window };
    }
    case "tiktok": {
      const tiktok = windowFrom("tiktok", replyWindows.tiktokMs);
      return {
        ...base,
        canReply: tiktok.open,
        refusal: tiktok.open ? null : "window_closed",
        window: tiktok.window,
      };
    }
    case "line": {
      const tokenAt = facts.replyTokenAt?.getTime();
      const fresh =
        facts.replyToken !== null &&
        tokenAt !== undefined &&
        now.getTime() - tokenAt < replyWindows.lineReplyTokenMs;
      return {
        ...base,
        canReply: true,
        refusal: null,
        window: { kind: "none", endsAt: null },
        line: fresh
          ? {
              via: "reply",
              replyTokenExpiresAt: new Date(tokenAt! + replyWindows.lineReplyTokenMs).toISOString(),
            }
          : { via: "push", replyTokenExpiresAt: null },
      };
    }
    default:
      return { ...base, canReply: true, refusal: null, window: { kind: "none", endsAt: null } };
  }
}
