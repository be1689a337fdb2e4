import type { BotDto, PersonaSummaryDto } from "@jai/contracts/console";
import { ExternalLink, MessagesSquare, Settings } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { BotForm, type BotFormValues } from "./bot-form";
import { BotStatusBadge } from "./bot-status-badge";
import { ConsolePageHeader, EmptyState } from "./console-parts";
import { consoleMessages } from "./messages";
import { PersonaAvatar } from "./persona-avatar";
import { ProviderProblemAlert } from "./provider-problem-alert";
import { useConsoleMutation } from "./use-console-mutation";

export type BotsPageData = { bots: BotDto[]; personas: PersonaSummaryDto[] };

/** /app/bots: the owner's bots and the form that creates one from a persona. */
export function BotsPage({ data }: { data: BotsPageData }) {
  const m = useMessages(consoleMessages);
  const create = useConsoleMutation();

  const onCreate = async (values: BotFormValues) => {
    const result = await create.run<BotDto>("POST", "/bots", values, {
      quiet: true,
    });
    if (!result?.ok) {
      // A plan limit has its own box with a link to the plans; other errors get a toast too.
      if (result && result.error.code !== "PLAN_LIMIT_REACHED" && !result.error.fields) {
        toast.error(result.error.message);
      }
      return false;
    }
    toast.success(m.bots.created(result.data.name));
    return true;
  };

  return (
    <>
      <ConsolePageHeader title={m.bots.title} intro={m.bots.intro} />
      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-label={m.bots.title}>
          {data.bots.length === 0 ? (
            <EmptyState title={m.bots.emptyTitle} text={m.bots.emptyText} />
          ) : (
            <ul className="flex flex-col gap-3">
              {data.bots.map((bot) => (
                <BotRow key={bot.id} bot={bot} />
              ))}
            </ul>
          )}
        </section>
        <Card className="self-start">
          <CardHeader>
            <CardTitle className="text-lg" id="create-bot">
              {m.bots.createTitle}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {data.personas.length === 0 ? (
              <div className="flex flex-col gap-3">
                <p className="text-muted-foreground">{m.bots.needPersona}</p>
                <Button asChild className="self-start">
                  <LocaleLink to="/persona-builder">{m.bots.createPersona}</LocaleLink>
                </Button>
              </div>
            ) : (
              <BotForm
                labelledBy="create-bot"
                personas={data.personas}
                submitLabel={m.bots.create}
                pendingLabel={m.bots.creating}
                isPending={create.isPending}
                error={create.error}
                onSubmit={onCreate}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function BotRow({ bot }: { bot: BotDto }) {
  const m = useMessages(consoleMessages);
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4" data-testid="bot-row">
      <div className="flex items-start gap-3">
        <PersonaAvatar avatar={bot.personaAvatar} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <LocaleLink
              to={`/app/bots/${bot.id}`}
              className="truncate font-semibold hover:underline"
            >
              {bot.name}
            </LocaleLink>
            <BotStatusBadge status={bot.status} />
          </div>
          <p className="truncate text-muted-foreground text-sm">
            {m.bots.persona}: {bot.personaName} · {m.botForm.providers[bot.provider]}
            {bot.model ? ` (${bot.model})` : ""}
          </p>
          {bot.description ? <p className="mt-1 line-clamp-2 text-sm">{bot.description}</p> : null}
        </div>
      </div>
      <ProviderProblemAlert bot={bot} />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={bot.publicPath} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {m.bots.publicPage}
            <span className="sr-only">{m.bots.opensInNewTab}</span>
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <LocaleLink to={`/app/bots/${bot.id}`}>
            <Settings aria-hidden="true" />
            {m.bots.settings}
          </LocaleLink>
        </Button>
        <Button asChild variant="outline" size="sm">
          <LocaleLink to={`/app/bots/${bot.id}/conversations`}>
            <MessagesSquare aria-hidden="true" />
            {m.bots.conversations} ({bot.conversationCount})
          </LocaleLink>
        </Button>
      </div>
    </li>
  );
}
