import { describe, expect, it } from "vitest";
import { cannedQuery, matchCanned } from "./canned-match";
import { availableActions } from "./conversation-actions";
import { eventText } from "./event-words";
import { parseKeywords } from "./handoff-settings-card";
import { defaultFilters, isFiltered, listQuery, readFilters, writeFilters } from "./inbox-filters";
import { inboxMessages } from "./messages";
import { duration, shortAgo, snoozeUntil } from "./time-words";

const en = inboxMessages.en;
const th = inboxMessages.th;

describe("inbox filters in the URL", () => {
  it("reads what it wrote, and only what differs from the defaults is written", () => {
    const filters = {
      tab: "pending" as const,
      botId: "b1",
      channel: "line" as const,
      assignee: "mine" as const,
      feedback: true,
      q: " สมชาย ",
    };
    const params = writeFilters(filters);
    expect(params.toString()).toBe(
      "status=pending&bot=b1&channel=line&assignee=mine&feedback=1&q=%E0%B8%AA%E0%B8%A1%E0%B8%8A%E0%B8%B2%E0%B8%A2",
    );
    expect(readFilters(params)).toEqual({ ...filters, q: "สมชาย" });
    expect(writeFilters(defaultFilters).toString()).toBe("");
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered({ ...defaultFilters, feedback: true })).toBe(true);
  });

  it("reads unknown values as the defaults", () => {
    expect(
      readFilters(new URLSearchParams("status=deleted&channel=fax&assignee=boss&feedback=yes")),
    ).toEqual(defaultFilters);
    expect(readFilters(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(100);
  });

  it("asks the API with its own names; the open-work tab sends no status", () => {
    expect(listQuery(defaultFilters)).toBe("");
    expect(listQuery({ ...defaultFilters, tab: "all", botId: "b1" }, "next")).toBe(
      "?status=all&botId=b1&cursor=next",
    );
  });
});

describe("time in words", () => {
  const now = new Date(2026, 10, 26, 15, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it("says how long ago, shortly, in both languages", () => {
    expect(shortAgo(ago(20_000), now, "en", en)).toBe("now");
    expect(shortAgo(ago(12 * 60_000), now, "en", en)).toBe("12 min");
    expect(shortAgo(ago(12 * 60_000), now, "th", th)).toBe("12 นาที");
    expect(shortAgo(ago(3 * 3_600_000), now, "th", th)).toBe("3 ชม.");
    expect(shortAgo(ago(20 * 3_600_000), now, "en", en)).toBe("yesterday");
    expect(shortAgo(ago(20 * 3_600_000), now, "th", th)).toBe("เมื่อวาน");
  });

  it("says how long is left", () => {
    expect(duration(30_000, en)).toBe("less than a minute");
    expect(duration(5 * 3_600_000 + 60_000, en)).toBe("5 h");
    expect(duration(3 * 86_400_000 + 5, th)).toBe("3 วัน");
  });

  it("snoozes to the teammate's own evening, morning and Monday", () => {
    expect(snoozeUntil("hour", now)?.getTime()).toBe(now.getTime() + 3_600_000);
    expect(snoozeUntil("tonight", now)).toEqual(new Date(2026, 10, 26, 20, 0));
    expect(snoozeUntil("tonight", new Date(2026, 10, 26, 19, 30))).toBeNull();
    expect(snoozeUntil("tomorrow", now)).toEqual(new Date(2026, 10, 27, 9, 0));
    // 26 November 2026 is a Thursday: the next Monday is the 30th.
    expect(snoozeUntil("nextWeek", now)).toEqual(new Date(2026, 10, 30, 9, 0));
  });
});

describe("transcript events in words", () => {
  const now = new Date(2026, 10, 26, 12, 0);
  const base = { actorName: "Nok", assigneeName: null, reason: null, until: null };
  it("names who did what, in both languages", () => {
    expect(eventText({ ...base, type: "taken_over" }, en, "en", now)).toBe("Nok took over");
    expect(eventText({ ...base, type: "taken_over" }, th, "th", now)).toBe("Nok รับเรื่องแล้ว");
    expect(eventText({ ...base, type: "assigned", assigneeName: "Ann" }, en, "en", now)).toBe(
      "Assigned to Ann by Nok",
    );
    expect(eventText({ ...base, type: "handed_back", actorName: null }, en, "en", now)).toBe(
      "Handed back to the bot",
    );
    expect(
      eventText({ ...base, type: "handoff_requested", reason: "request" }, th, "th", now),
    ).toBe("ลูกค้าขอคุยกับเจ้าหน้าที่");
    expect(
      eventText({ ...base, type: "handoff_requested", reason: "unanswered" }, en, "en", now),
    ).toBe("The bot could not answer several times in a row");
    const until = new Date(2026, 10, 26, 14, 0).toISOString();
    expect(eventText({ ...base, type: "snoozed", until }, en, "en", now)).toBe(
      "Nok snoozed it until 2:00 PM",
    );
    expect(eventText({ ...base, type: "snoozed", until }, th, "th", now)).toBe(
      "Nok พักเรื่องไว้ถึง 14:00",
    );
  });
});

describe("actions by status", () => {
  const me = "u1";
  it("offers only what the state machine allows", () => {
    expect(availableActions({ status: "bot", assignee: null }, me)).toEqual({
      takeOver: true,
      reopen: false,
      resolve: true,
      handBack: false,
      assign: true,
      unassign: false,
      snooze: false,
    });
    const mine = availableActions({ status: "open", assignee: { id: me, name: "Nok" } }, me);
    expect(mine.takeOver).toBe(false);
    expect(mine.handBack && mine.snooze && mine.unassign && mine.resolve).toBe(true);
    const resolved = availableActions({ status: "resolved", assignee: null }, me);
    expect(resolved).toMatchObject({
      reopen: true,
      resolve: false,
      takeOver: false,
      assign: false,
    });
  });
});

describe("canned replies", () => {
  const replies = [
    { id: "1", shortcut: "shipping", body: "We ship in 2 days", updatedAt: "" },
    { id: "2", shortcut: "hours", body: "Open 9–18", updatedAt: "" },
    { id: "3", shortcut: "freeshipping", body: "Free over 500", updatedAt: "" },
    { id: "4", shortcut: "ขอบคุณ", body: "ขอบคุณค่ะ", updatedAt: "" },
  ];
  it("opens on a leading slash and one word", () => {
    expect(cannedQuery("/")).toBe("");
    expect(cannedQuery("/Ship")).toBe("ship");
    expect(cannedQuery("/ship it")).toBeNull();
    expect(cannedQuery("hello /ship")).toBeNull();
  });
  it("lists shortcuts starting with the query first, then containing it", () => {
    expect(matchCanned(replies, "ship").map((reply) => reply.id)).toEqual(["1", "3"]);
    expect(matchCanned(replies, "ขอบ").map((reply) => reply.id)).toEqual(["4"]);
    expect(matchCanned(replies, "")).toHaveLength(4);
  });
});

describe("handoff keywords", () => {
  it("splits on commas and lines, trims, drops repeats", () => {
    expect(parseKeywords("refund, คืนเงิน\n\nRefund ,  ร้องเรียน  ")).toEqual([
      "refund",
      "คืนเงิน",
      "ร้องเรียน",
    ]);
  });
});
