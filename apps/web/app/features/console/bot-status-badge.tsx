import type { BotStatusId } from "@jai/contracts/console";
import { Badge } from "~/components/ui/badge";
import { useMessages } from "~/i18n/use-locale";
import { consoleMessages } from "./messages";

export function BotStatusBadge({ status }: { status: BotStatusId }) {
  const m = useMessages(consoleMessages);
  return (
    <Badge variant={status === "active" ? "success" : "secondary"} data-testid="bot-status">
      {m.bots.status[status]}
    </Badge>
  );
}
