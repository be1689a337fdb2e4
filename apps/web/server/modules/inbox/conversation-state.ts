import type { ConversationStatus } from "@jai/contracts/inbox";
import type { ConversationEventData } from "@jai/db";

/**
 * The one state machine of a conversation's owner: who answers it. Pure: the inbox, the chat
 * turn and the jobs call `transition` with the row they locked and store what it returns.
 *
 *   bot ──handoff requested──▶ pending ──take over / reply / assign──▶ open
 *    ▲                            │  ▲                                   │
 *    └──────── hand back ─────────┴──┼───────── hand back ───────────────┤
 *                                   unassign ◀───────────────────────────┤
 *   any ──resolve──▶ resolved ──customer writes──▶ bot (or pending, per bot)
 *   pending / open ──snooze──▶ snoozed ──time or customer──▶ open (owned) / pending
 *
 * The bot answers only in `bot`. A customer's message never takes a conversation from a
 * person; a person's reply always makes it theirs (`open`).
 */
export type ConversationState = {
  status: ConversationStatus;
  assigneeId: string | null;
  snoozedUntil: Date | null;
  /** Pending: since when the customer waits (kept while snoozed, for the SLA clock). */
  waitingSince: Date | null;
};

export type Transition =
  /** The customer asked for a person, or a trigger fired (too many unanswered, a keyword). */
  | { type: "handoff_requested"; reason: HandoffReason; at: Date }
  /** A teammate takes the conversation (it becomes theirs). */
  | { type: "take_over"; actorId: string; at: Date }
  | { type: "assign"; actorId: string; assigneeId: string; at: Date }
  | { type: "unassign"; actorId: string; at: Date }
  /** A teammate sent a reply: the conversation is a person's from now on. */
  | { type: "human_reply"; actorId: string; at: Date }
  | { type: "resolve"; actorId: string | null; at: Date }
  | { type: "hand_back"; actorId: string; at: Date }
  | { type: "snooze"; actorId: string; until: Date; at: Date }
  | { type: "reopen"; actorId: string; at: Date }
  /** The customer wrote. `reopenToBot`: the bot's setting for resolved conversations. */
  | { type: "customer_message"; reopenToBot: boolean; at: Date }
  /** The snooze time came (the jobs machinery). */
  | { type: "wake"; at: Date };

export type HandoffReason = "request" | "button" | "keyword" | "unanswered" | "feedback";

export type TransitionResult = {
  state: ConversationState;
  /** What the transcript records; null when nothing a teammate needs to see changed. */
  event: ConversationEventData | null;
  /** The customer now waits for a person (alert the team). */
  handoff: boolean;
};

/** A transition that does not apply to the conversation as it is now (the inbox says why). */
export class TransitionError extends Error {
  constructor(
    readonly status: ConversationStatus,
    readonly transition: Transition["type"],
  ) {
    super(`cannot ${transition} a conversation that is ${status}`);
    this.name = "TransitionError";
  }
}

/** Whether the bot answers the customer's next message (after `customer_message` applied). */
export function botAnswers(status: ConversationStatus): boolean {
  return status === "bot";
}

const unchanged = (state: ConversationState): TransitionResult => ({
  state,
  event: null,
  handoff: false,
});

/** A person owns it: the bot is silent and nobody waits. */
function openFor(assigneeId: string): ConversationState {
  return { status: "open", assigneeId, snoozedUntil: null, waitingSince: null };
}

export function transition(state: ConversationState, change: Transition): TransitionResult {
  const { status } = state;
  switch (change.type) {
    case "handoff_requested": {
      // Already with a person (or waiting for one): nothing to do.
      if (status === "pending" || status === "open" || status === "snoozed") {
        return unchanged(state);
      }
      return {
        state: { status: "pending", assigneeId: null, snoozedUntil: null, waitingSince: change.at },
        event: { type: "handoff_requested", reason: change.reason },
        handoff: true,
      };
    }
    case "take_over": {
      if (status === "open" && state.assigneeId === change.actorId) return unchanged(state);
      return {
        state: openFor(change.actorId),
        event: { type: "taken_over", actorId: change.actorId },
        handoff: false,
      };
    }
    case "assign": {
      if (status === "open" && state.assigneeId === change.assigneeId) return unchanged(state);
      return {
        state: openFor(change.assigneeId),
        event: { type: "assigned", actorId: change.actorId, assigneeId: change.assigneeId },
        handoff: false,
      };
    }
    case "unassign": {
      if (status !== "open" && status !== "snoozed") {
        throw new TransitionError(status, change.type);
      }
      if (state.assigneeId === null) return unchanged(state);
      // Nobody owns it now: it waits for a person again.
      return {
        state: {
          status: status === "snoozed" ? "snoozed" : "pending",
          assigneeId: null,
          snoozedUntil: state.snoozedUntil,
          waitingSince: state.waitingSince ?? change.at,
        },
        event: { type: "unassigned", actorId: change.actorId },
        handoff: false,
      };
    }
    case "human_reply": {
      if (status === "open") return unchanged(state);
      // A reply takes it over: from the bot, a wait or a resolved conversation (the replier
      // owns it now); a snoozed one stays with whoever owned it.
      const keeper = status === "snoozed" && state.assigneeId ? state.assigneeId : change.actorId;
      return {
        state: openFor(keeper),
        event: { type: "taken_over", actorId: change.actorId },
        handoff: false,
      };
    }
    case "resolve": {
      if (status === "resolved") return unchanged(state);
      return {
        state: {
          status: "resolved",
          assigneeId: state.assigneeId,
          snoozedUntil: null,
          waitingSince: null,
        },
        event: { type: "resolved", actorId: change.actorId },
        handoff: false,
      };
    }
    case "hand_back": {
      if (status === "bot") return unchanged(state);
      return {
        state: { status: "bot", assigneeId: null, snoozedUntil: null, waitingSince: null },
        event: { type: "handed_back", actorId: change.actorId },
        handoff: false,
      };
    }
    case "snooze": {
      if (status !== "pending" && status !== "open" && status !== "snoozed") {
        throw new TransitionError(status, change.type);
      }
      if (change.until.getTime() <= change.at.getTime()) {
        throw new TransitionError(status, change.type);
      }
      return {
        state: { ...state, status: "snoozed", snoozedUntil: change.until },
        event: { type: "snoozed", actorId: change.actorId, until: change.until.toISOString() },
        handoff: false,
      };
    }
    case "reopen": {
      if (status !== "resolved" && status !== "snoozed") {
        throw new TransitionError(status, change.type);
      }
      return {
        state: openFor(state.assigneeId ?? change.actorId),
        event: { type: "reopened", actorId: change.actorId },
        handoff: false,
      };
    }
    case "customer_message": {
      if (status === "resolved") {
        if (change.reopenToBot) {
          return {
            state: { status: "bot", assigneeId: null, snoozedUntil: null, waitingSince: null },
            event: { type: "reopened", actorId: null },
            handoff: false,
          };
        }
        return {
          state: {
            status: "pending",
            assigneeId: null,
            snoozedUntil: null,
            waitingSince: change.at,
          },
          event: { type: "reopened", actorId: null },
          handoff: true,
        };
      }
      if (status === "snoozed") return wake(state, change.at);
      return unchanged(state);
    }
    case "wake": {
      if (status !== "snoozed") return unchanged(state);
      if (state.snoozedUntil && state.snoozedUntil.getTime() > change.at.getTime()) {
        return unchanged(state);
      }
      return wake(state, change.at);
    }
  }
}

/** A snoozed conversation comes back: to its owner, or to the team's queue. */
function wake(state: ConversationState, at: Date): TransitionResult {
  const owned = state.assigneeId !== null;
  return {
    state: {
      status: owned ? "open" : "pending",
      assigneeId: state.assigneeId,
      snoozedUntil: null,
      waitingSince: owned ? null : (state.waitingSince ?? at),
    },
    event: { type: "woke", actorId: null },
    handoff: !owned,
  };
}
