import type { ImprovementQueueDto } from "@jai/contracts/analytics";
import { RotateCw } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useSearchParams } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { AnswersList } from "./answers-list";
import { type ImproveFormats, improveFormats } from "./format";
import { errorText, type Remote, useImproveData } from "./improve-api";
import { type ImproveMessages, improveMessages } from "./messages";
import { QueueCard } from "./queue-card";

export type ImprovePageData = { bots: { id: string; name: string }[] };

/**
 * /app/improve: a bot's improvement queue (questions it could not answer, got a thumbs down on
 * or handed to a person, grouped by meaning, each with a suggestion and an answer editor), its
 * curated answers, and what improved since the first one. `?botId=` picks the bot (default the
 * first), `?key=` opens one group (the dashboard's top questions link there).
 */
export function ImprovePage({ data }: { data: ImprovePageData }) {
  const m = useMessages(improveMessages);
  const locale = useLocale();
  const f = improveFormats(locale);
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("botId");
  const botId = data.bots.some((bot) => bot.id === asked) ? asked : (data.bots[0]?.id ?? null);
  const focusKey = searchParams.get("key");
  const { queue, answers, reload } = useImproveData(botId, locale);

  const chooseBot = (next: string) => {
    setSearchParams(new URLSearchParams({ botId: next }));
  };
  const queueData = queue.status === "ready" ? queue.data : null;
  const focusFound =
    !focusKey ||
    queueData?.groups.some((group) => group.key === focusKey || group.keys?.includes(focusKey));

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="improve-page">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">
            {keepThaiWords(m.title)}
          </h1>
          <p className="mt-1 max-w-3xl text-muted-foreground">{keepThaiWords(m.intro)}</p>
        </div>
        {botId ? (
          <Button type="button" variant="outline" onClick={() => reload(true)}>
            <RotateCw aria-hidden="true" />
            {m.refresh}
          </Button>
        ) : null}
      </header>

      {!botId ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <p className="font-semibold text-lg">{m.noBots.title}</p>
          <p className="max-w-md text-muted-foreground">{keepThaiWords(m.noBots.text)}</p>
          <Button asChild>
            <LocaleLink to="/app/bots">{m.noBots.action}</LocaleLink>
          </Button>
        </div>
      ) : (
        <>
          <div className="space-y-1 sm:max-w-xs">
            <Label htmlFor={`${id}-bot`}>{m.bot}</Label>
            <NativeSelect
              id={`${id}-bot`}
              value={botId}
              onChange={(event) => chooseBot(event.target.value)}
            >
              {data.bots.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name}
                </option>
              ))}
            </NativeSelect>
          </div>

          <Improvement queue={queue} f={f} m={m} />

          <section aria-labelledby={`${id}-queue`} className="space-y-4">
            <h2 id={`${id}-queue`} className="font-semibold text-xl">
              {m.queue.title}
              {queueData ? (
                <span className="ml-2 font-normal text-base text-muted-foreground">
                  {m.queue.count(f.count(queueData.groups.length))}
                </span>
              ) : null}
            </h2>
            {queueData && !focusFound ? (
              <p
                className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
                role="status"
              >
                {keepThaiWords(m.queue.notFound)}
              </p>
            ) : null}
            <Loaded remote={queue} m={m} onRetry={() => reload()}>
              {(data) =>
                data.groups.length === 0 ? (
                  <p className="text-muted-foreground">{keepThaiWords(m.queue.empty)}</p>
                ) : (
                  <ul className="space-y-4">
                    {data.groups.map((group) => (
                      <li key={`${botId}:${group.key}`}>
                        <QueueCard
                          group={group}
                          focus={
                            focusKey !== null &&
                            (group.key === focusKey || Boolean(group.keys?.includes(focusKey)))
                          }
                          onDone={() => reload()}
                        />
                      </li>
                    ))}
                  </ul>
                )
              }
            </Loaded>
          </section>

          <section aria-labelledby={`${id}-answers`} className="space-y-4">
            <div>
              <h2 id={`${id}-answers`} className="font-semibold text-xl">
                {m.answers.title}
              </h2>
              <p className="mt-1 text-muted-foreground text-sm">{keepThaiWords(m.answers.intro)}</p>
            </div>
            <Loaded remote={answers} m={m} onRetry={() => reload()}>
              {(list) => (
                <AnswersList
                  key={botId}
                  botId={botId}
                  answers={list}
                  startNew={Boolean(queueData && !focusFound)}
                  onChanged={() => reload()}
                />
              )}
            </Loaded>
          </section>
        </>
      )}
    </div>
  );
}

/** "What improved": the unanswered rate before and since the bot's first curated answer. */
function Improvement({
  queue,
  f,
  m,
}: {
  queue: Remote<ImprovementQueueDto>;
  f: ImproveFormats;
  m: ImproveMessages;
}) {
  const t = m.improved;
  if (queue.status !== "ready") return null;
  const { before, after, since } = queue.data.improvement;
  const rate = (value: number | null) => (value === null ? t.notEnough : f.percent(value));
  return (
    <Card>
      <CardContent className="space-y-3">
        <h2 className="font-semibold text-lg">{t.title}</h2>
        {since === null ? (
          <p className="text-muted-foreground text-sm">{keepThaiWords(t.none)}</p>
        ) : (
          <>
            <dl className="grid gap-4 sm:grid-cols-3" data-testid="improvement-figures">
              <div>
                <dt className="text-muted-foreground text-sm">{keepThaiWords(t.before)}</dt>
                <dd className="font-semibold text-2xl">{rate(before)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-sm">{keepThaiWords(t.after)}</dt>
                <dd className="font-semibold text-2xl">{rate(after)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground text-sm">{keepThaiWords(t.since)}</dt>
                <dd className="font-medium">{f.when(since)}</dd>
              </div>
            </dl>
            <p className="text-muted-foreground text-xs">{keepThaiWords(t.caption)}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A list's loading, error (with a retry) or its content. */
function Loaded<T>({
  remote,
  m,
  onRetry,
  children,
}: {
  remote: Remote<T>;
  m: ImproveMessages;
  onRetry(): void;
  children(data: T): ReactNode;
}) {
  if (remote.status === "loading") {
    return (
      <p className="text-muted-foreground" role="status">
        {m.loading}
      </p>
    );
  }
  if (remote.status === "error") {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
        <span className="text-destructive">
          {m.loadError} {errorText(remote.error, m)}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {m.retry}
        </Button>
      </div>
    );
  }
  return <>{children(remote.data)}</>;
}
