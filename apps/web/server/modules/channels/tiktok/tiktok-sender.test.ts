import { tiktokFailure } from "@jai/channels/tiktok/index";
import { describe, expect, it } from "vitest";
import { tiktokRefusal } from "./tiktok-connections";
import { tiktokRefusals, tiktokSendPolicy } from "./tiktok-sender";

const hour = 3_600_000;

describe("TikTok's 48-hour window", () => {
  const now = Date.parse("2026-11-26T12:00:00Z");
  const ago = (hours: number) => new Date(now - hours * hour);

  it("lets a reply go until 48 hours after the customer's last message, never first", () => {
    expect(tiktokSendPolicy({ lastCustomerMessageAt: ago(0), now })).toEqual({ ok: true });
    expect(tiktokSendPolicy({ lastCustomerMessageAt: ago(47.9), now })).toEqual({ ok: true });
    expect(tiktokSendPolicy({ lastCustomerMessageAt: ago(48), now })).toEqual({
      ok: false,
      error: tiktokRefusals.outsideWindow,
    });
    expect(tiktokSendPolicy({ lastCustomerMessageAt: null, now })).toEqual({
      ok: false,
      error: tiktokRefusals.neverWrote,
    });
  });
});

describe("TikTok's refusal of a connection, for the console", () => {
  it("carries TikTok's own words in a field (the boundary translates the message) and a code", () => {
    const notApproved = tiktokRefusal(tiktokFailure(40001, "No permission to operate."));
    expect(notApproved).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { tiktok: "notApproved", tiktokAnswer: "No permission to operate." },
    });
    expect(notApproved.message).toBe("TikTok refused: No permission to operate.");
    expect(
      tiktokRefusal(tiktokFailure(40105, "Access token is incorrect or has been revoked.")).fields,
    ).toEqual({
      accessToken: "refused",
      tiktokAnswer: "Access token is incorrect or has been revoked.",
    });
    expect(tiktokRefusal(tiktokFailure(40002, "Invalid param")).fields).toEqual({
      tiktok: "refused",
      tiktokAnswer: "Invalid param",
    });
    expect(tiktokRefusal(tiktokFailure(40100, "Too many requests"))).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      fields: { tiktok: "unreachable" },
    });
  });
});
