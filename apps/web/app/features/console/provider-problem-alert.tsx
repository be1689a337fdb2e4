import type { BotDto } from "@jai/contracts/console";
import { AlertTriangle } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";

/** Where the bot page's settings form starts (its heading). */
export const botSettingsAnchor = "bot-settings-title";

/**
 * The bot's provider fails customers' turns on something only the owner can fix (a refused key,
 * a used-up quota, no key): in red, with the way to the settings. Nothing when all is well.
 * It goes away after a completed turn, or once the settings are saved again and their check
 * passes.
 */
export function ProviderProblemAlert({
  bot,
  className,
}: {
  bot: Pick<BotDto, "id" | "providerProblem" | "providerProblemAt">;
  className?: string;
}) {
  const m = useMessages(consoleMessages);
  if (!bot.providerProblem) return null;
  return (
    <div
      role="alert"
      data-testid="provider-problem"
      data-kind={bot.providerProblem}
      className={cn(
        "flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-destructive text-sm",
        className,
      )}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p>{m.bot.providerProblem[bot.providerProblem]}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {bot.providerProblemAt ? (
            <span>
              {m.bot.providerProblemSince}: <LocalTime iso={bot.providerProblemAt} />
            </span>
          ) : null}
          <LocaleLink
            to={`/app/bots/${bot.id}#${botSettingsAnchor}`}
            className="font-medium underline underline-offset-4"
          >
            {m.bot.openSettings}
          </LocaleLink>
        </p>
      </div>
    </div>
  );
}
