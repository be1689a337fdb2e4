import { conversationStatuses } from "@jai/contracts/inbox";
import { describe, expect, it } from "vitest";
import {
  botAnswers,
  type ConversationState,
  type Transition,
  TransitionError,
  transition,
} from "./conversation-state";

const t0 = new Date("2026-11-26T09:00:00Z");
const at = new Date("2026-11-26T10:00:00Z");
const later = new Date("2026-11-26T12:00:00Z");

/** One conversation in each status (open, resolved and snoozed are owned by u1). */
const states: Record<string, ConversationState> = {
  bot: { status: "bot", assigneeId: null, snoozedUntil: null, waitingSince: null },
  pending: { status: "pending", assigneeId: null, snoozedUntil: null, waitingSince: t0 },
  open: { status: "open", assigneeId: "u1", snoozedUntil: null, waitingSince: null },
  resolved: { status: "resolved", assigneeId: "u1", snoozedUntil: null, waitingSince: null },
  snoozed: { status: "snoozed", assigneeId: "u1", snoozedUntil: later, waitingSince: null },
  snoozedUnowned: { status: "snoozed", assigneeId: null, snoozedUntil: later, waitingSince: t0 },
};

const changes: Record<string, Transition> = {
  handoff: { type: "handoff_requested", reason: "request", at },
  takeOver: { type: "take_over", actorId: "u2", at },
  assign: { type: "assign", actorId: "u2", assigneeId: "u3", at },
  unassign: { type: "unassign", actorId: "u2", at },
  reply: { type: "human_reply", actorId: "u2", at },
  resolve: { type: "resolve", actorId: "u2", at },
  handBack: { type: "hand_back", actorId: "u2", at },
  snooze: { type: "snooze", actorId: "u2", until: new Date(later.getTime() + 60_000), at },
  reopen: { type: "reopen", actorId: "u2", at },
  customerToBot: { type: "customer_message", reopenToBot: true, at },
  customerToTeam: { type: "customer_message", reopenToBot: false, at },
  wakeEarly: { type: "wake", at },
  wakeDue: { type: "wake", at: new Date(later.getTime() + 1) },
};

/**
 * Every status × every change: the status after it and its owner, "same" when nothing changes
 * (no event), or "refused". `!` marks a change that makes the customer wait (a team alert).
 */
const expected: Record<string, Record<string, string>> = {
  bot: {
    handoff: "pending -!",
    takeOver: "open u2",
    assign: "open u3",
    unassign: "refused",
    reply: "open u2",
    resolve: "resolved -",
    handBack: "same",
    snooze: "refused",
    reopen: "refused",
    customerToBot: "same",
    customerToTeam: "same",
    wakeEarly: "same",
    wakeDue: "same",
  },
  pending: {
    handoff: "same",
    takeOver: "open u2",
    assign: "open u3",
    unassign: "refused",
    reply: "open u2",
    resolve: "resolved -",
    handBack: "bot -",
    snooze: "snoozed -",
    reopen: "refused",
    customerToBot: "same",
    customerToTeam: "same",
    wakeEarly: "same",
    wakeDue: "same",
  },
  open: {
    handoff: "same",
    takeOver: "open u2",
    assign: "open u3",
    unassign: "pending -",
    reply: "same",
    resolve: "resolved u1",
    handBack: "bot -",
    snooze: "snoozed u1",
    reopen: "refused",
    customerToBot: "same",
    customerToTeam: "same",
    wakeEarly: "same",
    wakeDue: "same",
  },
  resolved: {
    handoff: "pending -!",
    takeOver: "open u2",
    assign: "open u3",
    unassign: "refused",
    reply: "open u2",
    resolve: "same",
    handBack: "bot -",
    snooze: "refused",
    reopen: "open u1",
    customerToBot: "bot -",
    customerToTeam: "pending -!",
    wakeEarly: "same",
    wakeDue: "same",
  },
  snoozed: {
    handoff: "same",
    takeOver: "open u2",
    assign: "open u3",
    unassign: "snoozed -",
    reply: "open u1",
    resolve: "resolved u1",
    handBack: "bot -",
    snooze: "snoozed u1",
    reopen: "open u1",
    customerToBot: "open u1",
    customerToTeam: "open u1",
    wakeEarly: "same",
    wakeDue: "open u1",
  },
  snoozedUnowned: {
    handoff: "same",
    takeOver: "open u2",
    assign: "open u3",
    unassign: "same",
    reply: "open u2",
    resolve: "resolved -",
    handBack: "bot -",
    snooze: "snoozed -",
    reopen: "open u2",
    customerToBot: "pending -!",
    customerToTeam: "pending -!",
    wakeEarly: "same",
    wakeDue: "pending -!",
  },
};

describe("the conversation state machine", () => {
  for (const [stateName, state] of Object.entries(states)) {
    for (const [changeName, change] of Object.entries(changes)) {
      const want = expected[stateName]![changeName]!;
      it(`${stateName} + ${changeName} → ${want}`, () => {
        if (want === "refused") {
          expect(() => transition(state, change)).toThrow(TransitionError);
          return;
        }
        const result = transition(state, change);
        if (want === "same") {
          expect(result.event).toBeNull();
          expect(result.state).toEqual(state);
          expect(result.handoff).toBe(false);
          return;
        }
        const [status, owner] = want.split(" ");
        expect(result.state.status).toBe(status);
        expect(result.state.assigneeId ?? "-").toBe(owner!.replace("!", ""));
        expect(result.event).not.toBeNull();
        expect(result.handoff).toBe(owner!.endsWith("!"));
        // Invariants every state keeps.
        if (result.state.status === "pending") expect(result.state.waitingSince).not.toBeNull();
        if (result.state.status !== "snoozed") expect(result.state.snoozedUntil).toBeNull();
        if (result.state.status === "open") expect(result.state.assigneeId).not.toBeNull();
        if (result.state.status === "bot") expect(result.state.assigneeId).toBeNull();
      });
    }
  }

  it("covers every status", () => {
    const covered = new Set(Object.values(states).map((state) => state.status));
    expect([...covered].sort()).toEqual([...conversationStatuses].sort());
  });

  it("keeps the customer's original wait when a snoozed wait comes back", () => {
    const result = transition(states.snoozedUnowned!, changes.wakeDue!);
    expect(result.state.waitingSince).toEqual(t0);
  });

  it("refuses a snooze into the past", () => {
    expect(() =>
      transition(states.open!, { type: "snooze", actorId: "u2", until: t0, at }),
    ).toThrow(TransitionError);
  });

  it("lets the bot answer only when it owns the conversation", () => {
    expect(conversationStatuses.filter(botAnswers)).toEqual(["bot"]);
  });
});
