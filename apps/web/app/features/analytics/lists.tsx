import type {
  AnalyticsBotCost,
  AnalyticsTopQuestion,
  AnalyticsTopSource,
  AttentionItemDto,
} from "@jai/contracts/analytics";
import {
  AlertTriangle,
  ArrowRight,
  BookOpen,
  MessageCircleWarning,
  ThumbsDown,
  UserRound,
} from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Badge } from "~/components/ui/badge";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { DataTable } from "./charts/chart-figure";
import type { Formats } from "./format";
import type { AnalyticsMessages } from "./messages";

const linkClass =
  "inline-flex items-center gap-1 whitespace-nowrap font-medium text-primary text-sm underline-offset-4 hover:underline";

/** The most asked questions (grouped by meaning), each with a way to improve its answer. */
export function TopQuestions({
  questions,
  botId,
  f,
  m,
}: {
  questions: AnalyticsTopQuestion[];
  /** The bot filter: the improvement queue opens on that bot. */
  botId: string | null;
  f: Formats;
  m: AnalyticsMessages["questions"];
}) {
  if (questions.length === 0) return <p className="text-muted-foreground text-sm">{m.none}</p>;
  return (
    <ol className="flex flex-col divide-y" data-testid="top-questions">
      {questions.map((question) => {
        const params = new URLSearchParams();
        if (botId) params.set("botId", botId);
        params.set("key", question.key);
        const others = question.examples.filter((text) => text !== question.example).slice(0, 3);
        return (
          <li
            key={question.key}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
          >
            <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
              <p className="break-words font-medium">{question.example}</p>
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                <span>{m.asked(f.count(question.asked))}</span>
                {question.unanswered > 0 ? (
                  <Badge variant="outline" className="border-destructive/40 text-destructive">
                    {m.unanswered(f.count(question.unanswered))}
                  </Badge>
                ) : null}
              </p>
              {others.length > 0 ? (
                <p className="break-words text-muted-foreground text-xs">
                  {m.alsoAsked}: {others.map((text) => `“${text}”`).join(", ")}
                </p>
              ) : null}
            </div>
            <LocaleLink to={`/app/improve?${params}`} className={linkClass}>
              {m.improve}
              <ArrowRight className="size-3.5" aria-hidden="true" />
            </LocaleLink>
          </li>
        );
      })}
    </ol>
  );
}

/** The knowledge sources the answers used most. */
export function TopSources({
  sources,
  f,
  m,
}: {
  sources: AnalyticsTopSource[];
  f: Formats;
  m: AnalyticsMessages["sources"];
}) {
  if (sources.length === 0) return <p className="text-muted-foreground text-sm">{m.none}</p>;
  const max = Math.max(1, ...sources.map((source) => source.uses));
  return (
    <ol className="flex flex-col gap-3" data-testid="top-sources">
      {sources.map((source) => (
        <li key={source.sourceKey} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <BookOpen className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="break-words">{source.title}</span>
            </span>
            <span className="whitespace-nowrap text-muted-foreground text-xs">
              {m.uses(f.count(source.uses))}
            </span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div
              className="h-full rounded-full bg-primary/70"
              style={{ width: `${(source.uses / max) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Tokens and the estimated cost in baht per bot, with a total row. */
export function CostTable({
  costs,
  f,
  m,
}: {
  costs: AnalyticsBotCost[];
  f: Formats;
  m: AnalyticsMessages["costs"];
}) {
  if (costs.length === 0) return <p className="text-muted-foreground text-sm">{m.none}</p>;
  const rows = [...costs].sort((a, b) => b.costThb - a.costThb);
  const sum = (pick: (row: AnalyticsBotCost) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-md border">
        <DataTable
          caption={m.title}
          testId="table-costs"
          columns={[
            { label: m.bot },
            { label: m.inputTokens, numeric: true },
            { label: m.outputTokens, numeric: true },
            { label: m.cost, numeric: true },
          ]}
          rows={[
            ...rows.map((row) => ({
              key: row.botId,
              cells: [
                row.botName,
                f.count(row.inputTokens),
                f.count(row.outputTokens),
                f.baht(row.costThb),
              ],
            })),
            ...(rows.length > 1
              ? [
                  {
                    key: "total",
                    cells: [
                      <strong key="total">{m.total}</strong>,
                      f.count(sum((row) => row.inputTokens)),
                      f.count(sum((row) => row.outputTokens)),
                      <strong key="cost">{f.baht(sum((row) => row.costThb))}</strong>,
                    ],
                  },
                ]
              : []),
          ]}
        />
      </div>
      <p className="text-muted-foreground text-xs">{keepThaiWords(m.note)}</p>
    </div>
  );
}

const attentionIcons = {
  unanswered_rising: MessageCircleWarning,
  csat_dropping: AlertTriangle,
  source_unused: BookOpen,
  handoffs_waiting: UserRound,
  thumbs_down_rising: ThumbsDown,
} as const;

/** What needs the owner today, each with a link to where to act. */
export function AttentionList({
  items,
  f,
  m,
}: {
  items: AttentionItemDto[];
  f: Formats;
  m: AnalyticsMessages["attention"];
}) {
  if (items.length === 0) return <p className="text-muted-foreground text-sm">{m.none}</p>;
  return (
    <ul className="flex flex-col divide-y" data-testid="attention">
      {items.map((item, index) => {
        const Icon = attentionIcons[item.kind];
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; the list is read-only
            key={index}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
          >
            <p className="flex min-w-0 flex-1 basis-56 items-start gap-2 text-sm">
              <Icon className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {item.botName ? <strong className="font-semibold">{item.botName}: </strong> : null}
                {keepThaiWords(attentionText(item, f, m))}
              </span>
            </p>
            <LocaleLink to={item.href} className={linkClass}>
              {m.actions[item.kind]}
              <ArrowRight className="size-3.5" aria-hidden="true" />
            </LocaleLink>
          </li>
        );
      })}
    </ul>
  );
}

function attentionText(item: AttentionItemDto, f: Formats, m: AnalyticsMessages["attention"]) {
  const figure = (name: string) => item.figures[name] ?? 0;
  switch (item.kind) {
    case "unanswered_rising":
      return m.items.unanswered_rising(f.count(figure("before")), f.count(figure("now")));
    case "csat_dropping":
      return m.items.csat_dropping(f.decimal(figure("before")), f.decimal(figure("now")));
    case "source_unused":
      return m.items.source_unused(item.subject ?? "");
    case "handoffs_waiting":
      return m.items.handoffs_waiting(f.count(figure("waiting")));
    case "thumbs_down_rising":
      return m.items.thumbs_down_rising(f.count(figure("before")), f.count(figure("now")));
  }
}
