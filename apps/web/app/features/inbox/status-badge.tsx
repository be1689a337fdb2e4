import type { ConversationStatus } from "@jai/contracts/inbox";
import { Bot, CheckCircle2, Clock, Hourglass, UserRound } from "lucide-react";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { inboxMessages } from "./messages";

const looks: Record<ConversationStatus, { className: string; icon: typeof Bot }> = {
  bot: { className: "bg-secondary text-secondary-foreground", icon: Bot },
  pending: { className: "bg-amber-100 text-amber-900", icon: Hourglass },
  open: { className: "bg-accent text-accent-foreground", icon: UserRound },
  resolved: { className: "bg-green-100 text-green-900", icon: CheckCircle2 },
  snoozed: { className: "bg-sky-100 text-sky-900", icon: Clock },
};

/** Who answers the conversation now, as the glossary names it (บอทตอบ, รอเจ้าหน้าที่ …). */
export function StatusBadge({
  status,
  className,
}: {
  status: ConversationStatus;
  className?: string;
}) {
  const m = useMessages(inboxMessages);
  const look = looks[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs",
        look.className,
        className,
      )}
      data-status={status}
    >
      <look.icon className="size-3" aria-hidden="true" />
      {m.statuses[status]}
    </span>
  );
}
