import type { AnalyticsLevel } from "@jai/contracts";
import {
  type AnalyticsOverviewDto,
  exportKinds,
  hasAnalyticsFeature,
} from "@jai/contracts/analytics";
import { ExternalLink, RotateCw } from "lucide-react";
import { useSearchParams } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { apiQuery, rangeIssue, readFilters } from "./analytics-filters";
import { ChannelBars } from "./charts/channel-bars";
import { HeatMap } from "./charts/heat-map";
import { DailySection } from "./daily-section";
import { ExportMenu } from "./export-menu";
import { FiltersBar } from "./filters-bar";
import { ForecastBody } from "./forecast-section";
import { type Formats, formatsFor } from "./format";
import { AttentionList, CostTable, TopQuestions, TopSources } from "./lists";
import { type AnalyticsMessages, analyticsMessages } from "./messages";
import { BasicCards, OverviewCards } from "./metric-cards";
import { LockedHint, LockedPanel, Panel } from "./panel";
import { type AnalyticsData, type Remote, useAnalytics } from "./use-analytics";

export type AnalyticsPageData = {
  bots: { id: string; name: string }[];
  /** The plan's analytics level: what the page asks for and what it shows locked. */
  level: AnalyticsLevel;
};

/**
 * /app/analytics: the dashboard an owner opens every morning. The filters live in the URL; the
 * figures come from the analytics API (overview for every plan; forecast and "needs attention"
 * only when the plan has deep analytics). Parts the plan lacks say which plan unlocks them.
 */
export function AnalyticsPage({ data }: { data: AnalyticsPageData }) {
  const m = useMessages(analyticsMessages);
  const locale = useLocale();
  const f = formatsFor(locale);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const query = rangeIssue(filters) ? null : apiQuery(filters);
  const isDeep = hasAnalyticsFeature(data.level, "deep");
  const remote = useAnalytics({ query, botId: filters.botId, isDeep, locale });
  const overview = remote.overview.status === "ready" ? remote.overview.data : null;

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="analytics-page">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">
            {keepThaiWords(m.title)}
          </h1>
          <p className="mt-1 text-muted-foreground">{keepThaiWords(m.intro)}</p>
        </div>
        {isDeep && query ? (
          <ExportMenu
            kinds={exportKinds}
            query={query}
            label={m.export.label}
            m={m.export}
            testId="export-all"
          />
        ) : isDeep ? null : (
          <LockedHint text={m.locked.export} requiredPlan="business" testId="locked-export" />
        )}
      </header>
      <FiltersBar
        filters={filters}
        bots={data.bots}
        resolved={overview ? { from: overview.from, to: overview.to } : null}
        onChange={(params) => setSearchParams(params, { preventScrollReset: true })}
        m={m}
      />
      {query === null ? null : remote.overview.status === "ready" ? (
        <Dashboard
          overview={remote.overview.data}
          remote={remote}
          data={data}
          botId={filters.botId}
          query={query}
          f={f}
          m={m}
        />
      ) : remote.overview.status === "error" ? (
        <LoadError remote={remote.overview} m={m} />
      ) : (
        <Loading m={m} />
      )}
    </div>
  );
}

function Dashboard({
  overview,
  remote,
  data,
  botId,
  query,
  f,
  m,
}: {
  overview: AnalyticsOverviewDto;
  remote: AnalyticsData;
  data: AnalyticsPageData;
  botId: string | null;
  query: string;
  f: Formats;
  m: AnalyticsMessages;
}) {
  const level = overview.level;
  const isBasic = hasAnalyticsFeature(level, "basic");
  const isDeep = hasAnalyticsFeature(level, "deep");
  const { totals, previous } = overview;
  const hasNoHistory =
    totals.conversations === 0 && previous.conversations === 0 && overview.usersPerMonth.used === 0;

  return (
    <>
      <PeriodLine overview={overview} remote={remote} f={f} m={m} />
      {hasNoHistory ? (
        <EmptyDashboard bots={data.bots} botId={botId} m={m} />
      ) : (
        <>
          {totals.conversations === 0 ? (
            <p role="status" className="rounded-lg bg-muted p-3 text-sm">
              {keepThaiWords(m.empty.filtered)}
            </p>
          ) : null}
          <section aria-labelledby="cards-title" data-testid="section-cards">
            <h2 id="cards-title" className="sr-only">
              {m.cards.label}
            </h2>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
              <OverviewCards overview={overview} f={f} m={m} />
              {isBasic ? <BasicCards overview={overview} f={f} m={m} /> : null}
            </div>
          </section>
          {isBasic ? null : (
            <LockedPanel
              id="basic"
              title={m.locked.basicTitle}
              description={m.locked.basicCards}
              requiredPlan="pro"
              preview="cards"
            />
          )}
          <AttentionSection remote={remote.attention} isDeep={isDeep} f={f} m={m} />
          <DailySection
            daily={overview.daily}
            showBasic={isBasic}
            f={f}
            m={m}
            actions={
              isDeep ? (
                <ExportMenu
                  kinds={["analytics"]}
                  query={query}
                  label={m.export.label}
                  m={m.export}
                  testId="export-daily"
                />
              ) : null
            }
          />
          <div className="grid min-w-0 gap-6 lg:grid-cols-2 lg:items-start">
            {overview.busiestHours.locked ? (
              <LockedPanel
                id="hours"
                title={m.charts.hours.title}
                description={m.locked.hours}
                requiredPlan={overview.busiestHours.requiredPlan}
                preview="heat"
              />
            ) : (
              <Panel
                id="hours"
                title={m.charts.hours.title}
                intro={`${m.charts.hours.intro} ${timeZoneText(overview.timeZone, m)}`}
                testId="section-hours"
              >
                <HeatMap cells={overview.busiestHours.data} f={f} m={m.charts} />
              </Panel>
            )}
            {overview.channels.locked ? (
              <LockedPanel
                id="channels"
                title={m.charts.channels.title}
                description={m.locked.channels}
                requiredPlan={overview.channels.requiredPlan}
                preview="bars"
              />
            ) : (
              <Panel
                id="channels"
                title={m.charts.channels.title}
                intro={m.charts.channels.intro}
                testId="section-channels"
              >
                <ChannelBars channels={overview.channels.data} f={f} m={m} />
              </Panel>
            )}
            {overview.topQuestions.locked ? (
              <LockedPanel
                id="questions"
                title={m.questions.title}
                description={m.locked.questions}
                requiredPlan={overview.topQuestions.requiredPlan}
                preview="list"
              />
            ) : (
              <Panel
                id="questions"
                title={m.questions.title}
                intro={m.questions.intro}
                testId="section-questions"
              >
                <TopQuestions
                  questions={overview.topQuestions.data}
                  botId={botId}
                  f={f}
                  m={m.questions}
                />
              </Panel>
            )}
            {overview.topSources.locked ? (
              <LockedPanel
                id="sources"
                title={m.sources.title}
                description={m.locked.sources}
                requiredPlan={overview.topSources.requiredPlan}
                preview="list"
              />
            ) : (
              <Panel
                id="sources"
                title={m.sources.title}
                intro={m.sources.intro}
                testId="section-sources"
              >
                <TopSources sources={overview.topSources.data} f={f} m={m.sources} />
              </Panel>
            )}
          </div>
          <ForecastPanel remote={remote.forecast} isAllBots={!botId} f={f} m={m} />
          {overview.costs.locked ? (
            <LockedPanel
              id="costs"
              title={m.costs.title}
              description={m.locked.costs}
              requiredPlan={overview.costs.requiredPlan}
              preview="list"
            />
          ) : (
            <Panel id="costs" title={m.costs.title} intro={m.costs.intro} testId="section-costs">
              <CostTable costs={overview.costs.data} f={f} m={m.costs} />
            </Panel>
          )}
        </>
      )}
    </>
  );
}

/** The period shown, the one it is compared with, how fresh the figures are and the time zone. */
function PeriodLine({
  overview,
  remote,
  f,
  m,
}: {
  overview: AnalyticsOverviewDto;
  remote: AnalyticsData;
  f: Formats;
  m: AnalyticsMessages;
}) {
  const before = previousPeriod(overview.from, overview.to);
  return (
    <div className="flex flex-col gap-0.5 text-sm" data-testid="analytics-period">
      <p>
        <span className="font-semibold">{f.range(overview.from, overview.to)}</span>{" "}
        <span className="text-muted-foreground">
          {m.status.comparedWith(f.range(before.from, before.to))}
        </span>
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
        <span data-testid="analytics-fresh">
          {overview.freshAt
            ? m.status.freshAt(f.moment(overview.freshAt, overview.timeZone))
            : m.status.preparing}
        </span>
        <span aria-hidden="true">·</span>
        <span>{timeZoneText(overview.timeZone, m)}</span>
        <button
          type="button"
          onClick={() => void remote.refresh()}
          disabled={remote.isRefreshing}
          className="inline-flex items-center gap-1 rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
        >
          <RotateCw
            className={cn("size-3.5", remote.isRefreshing && "animate-spin")}
            aria-hidden="true"
          />
          {remote.isRefreshing ? m.status.refreshing : m.status.refresh}
        </button>
      </p>
    </div>
  );
}

const timeZoneText = (zone: string, m: AnalyticsMessages) =>
  zone === "Asia/Bangkok" ? m.status.thaiTime : m.status.timeZone(zone);

/** The period of the same length just before `from`..`to`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const length = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - length * day), to: iso(start - day) };
}

function AttentionSection({
  remote,
  isDeep,
  f,
  m,
}: {
  remote: AnalyticsData["attention"];
  isDeep: boolean;
  f: Formats;
  m: AnalyticsMessages;
}) {
  return (
    <Panel id="attention" title={m.attention.title} testId="section-attention">
      <RemoteBody remote={remote} m={m}>
        {(items) => <AttentionList items={items} f={f} m={m.attention} />}
      </RemoteBody>
      {isDeep ? null : (
        <LockedHint
          text={m.locked.attentionMore}
          requiredPlan="business"
          testId="locked-attention"
        />
      )}
    </Panel>
  );
}

function ForecastPanel({
  remote,
  isAllBots,
  f,
  m,
}: {
  remote: AnalyticsData["forecast"];
  isAllBots: boolean;
  f: Formats;
  m: AnalyticsMessages;
}) {
  const t = m.charts.forecast;
  const locked =
    remote.status === "skipped"
      ? "business"
      : remote.status === "ready" && remote.data.status === "locked"
        ? remote.data.requiredPlan
        : null;
  if (locked) {
    return (
      <LockedPanel
        id="forecast"
        title={t.title}
        description={m.locked.forecast}
        requiredPlan={locked}
        preview="line"
      />
    );
  }
  return (
    <Panel id="forecast" title={t.title} intro={t.intro} testId="section-forecast">
      <RemoteBody remote={remote} m={m}>
        {(forecast) =>
          forecast.status === "locked" ? null : (
            <ForecastBody forecast={forecast} isAllBots={isAllBots} f={f} m={m} />
          )
        }
      </RemoteBody>
    </Panel>
  );
}

/** A section's own loading and error states (the rest of the page stays usable). */
function RemoteBody<T>({
  remote,
  m,
  children,
}: {
  remote: Remote<T> & { retry(): void };
  m: AnalyticsMessages;
  children: (data: T) => React.ReactNode;
}) {
  if (remote.status === "ready") return <>{children(remote.data)}</>;
  if (remote.status === "error") return <LoadError remote={remote} m={m} />;
  if (remote.status === "loading") {
    return (
      <p role="status" className="animate-pulse text-muted-foreground text-sm">
        {m.loading}
      </p>
    );
  }
  return null;
}

function LoadError({
  remote,
  m,
}: {
  remote: Extract<Remote<unknown>, { status: "error" }> & { retry(): void };
  m: AnalyticsMessages;
}) {
  const text =
    remote.error.code === "NETWORK" ? m.networkError : remote.error.message || m.loadError;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-destructive/10 p-3 text-destructive text-sm"
    >
      <span>{text}</span>
      <Button variant="outline" size="sm" onClick={remote.retry}>
        <RotateCw aria-hidden="true" />
        {m.retry}
      </Button>
    </div>
  );
}

function Loading({ m }: { m: AnalyticsMessages }) {
  return (
    <div className="flex flex-col gap-4" data-testid="analytics-loading">
      <p role="status" className="text-muted-foreground text-sm">
        {m.loading}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <div key={index} className="h-28 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-xl bg-muted" aria-hidden="true" />
    </div>
  );
}

/** No conversation yet: where to share the bot so the figures start. */
function EmptyDashboard({
  bots,
  botId,
  m,
}: {
  bots: AnalyticsPageData["bots"];
  botId: string | null;
  m: AnalyticsMessages;
}) {
  const bot = bots.find((candidate) => candidate.id === botId) ?? bots[0];
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
      data-testid="analytics-empty"
    >
      <h2 className="font-semibold text-lg">{m.empty.title}</h2>
      <p className="max-w-lg text-muted-foreground">{keepThaiWords(m.empty.text)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {bot ? (
          <>
            <Button asChild>
              {/* The bot's own page is one page for every language. */}
              <a href={`/bot/${bot.id}`} target="_blank" rel="noopener">
                <ExternalLink aria-hidden="true" />
                {m.empty.openBot}
              </a>
            </Button>
            <Button asChild variant="outline">
              <LocaleLink to={`/app/bots/${bot.id}/channels`}>{m.empty.channels}</LocaleLink>
            </Button>
          </>
        ) : (
          <Button asChild>
            <LocaleLink to="/app/bots">{m.empty.createBot}</LocaleLink>
          </Button>
        )}
      </div>
    </div>
  );
}
