import type { ConversationEventDto } from "@jai/contracts/inbox";
import type { Locale } from "~/i18n/locale";
import type { InboxMessages } from "./messages";
import { moment } from "./time-words";

/** A change of the conversation as one line of the transcript ("Nok took over"). */
export function eventText(
  event: ConversationEventDto,
  m: InboxMessages,
  locale: Locale,
  now: Date,
): string {
  const e = m.events;
  const actor = event.actorName;
  const someone = actor ?? e.someone;
  switch (event.type) {
    case "handoff_requested": {
      const reason = event.reason ?? "other";
      return reason in e.handoff ? e.handoff[reason as keyof typeof e.handoff] : e.handoff.other;
    }
    case "taken_over":
      return e.takenOver(someone);
    case "assigned":
      return e.assigned(event.assigneeName ?? e.someone, actor);
    case "unassigned":
      return e.unassigned(someone);
    case "handed_back":
      return e.handedBack(actor);
    case "resolved":
      return e.resolved(actor);
    case "reopened":
      return e.reopened(actor);
    case "snoozed":
      return e.snoozed(someone, event.until ? moment(event.until, now, locale) : "");
    case "woke":
      return e.woke;
  }
}
