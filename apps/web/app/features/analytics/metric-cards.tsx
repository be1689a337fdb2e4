import type { AnalyticsOverviewDto } from "@jai/contracts/analytics";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { type Change, changeOf, type Formats } from "./format";
import type { AnalyticsMessages } from "./messages";

/** Which way is good for a figure: more conversations is good, more unanswered questions is not. */
type Better = "up" | "down" | "neither";

/** The overview's cards (every plan): conversations, messages, contacts, users this month. */
export function OverviewCards({
  overview,
  f,
  m,
}: {
  overview: AnalyticsOverviewDto;
  f: Formats;
  m: AnalyticsMessages;
}) {
  const { totals: now, previous: before, usersPerMonth } = overview;
  const c = m.cards;
  const allowance = usersPerMonth.allowance;
  const share = allowance === "unlimited" || allowance === 0 ? 0 : usersPerMonth.used / allowance;
  return (
    <>
      <MetricCard
        testId="card-conversations"
        title={c.conversations}
        value={f.count(now.conversations)}
        change={changeOf(now.conversations, before.conversations)}
        better="up"
        f={f}
        m={m}
      />
      <MetricCard
        testId="card-messages"
        title={c.messages}
        value={f.count(now.messages)}
        change={changeOf(now.messages, before.messages)}
        better="up"
        detail={c.messagesDetail(
          f.count(now.userMessages),
          f.count(now.botMessages),
          f.count(now.humanMessages),
        )}
        f={f}
        m={m}
      />
      <MetricCard
        testId="card-contacts"
        title={c.contacts}
        value={f.count(now.contacts)}
        change={changeOf(now.contacts, before.contacts)}
        better="up"
        detail={c.contactsDetail(f.count(now.newContacts), f.count(now.returningContacts))}
        f={f}
        m={m}
      />
      <MetricCard
        testId="card-users"
        title={c.usersThisMonth}
        value={f.count(usersPerMonth.used)}
        detail={c.usersOf(
          f.count(usersPerMonth.used),
          allowance === "unlimited" ? c.unlimited : f.count(allowance),
        )}
        f={f}
        m={m}
      >
        {allowance === "unlimited" ? null : (
          <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div
              className={cn("h-full rounded-full", share >= 1 ? "bg-destructive" : "bg-primary")}
              style={{ width: `${Math.min(100, Math.round(share * 100))}%` }}
            />
          </div>
        )}
      </MetricCard>
    </>
  );
}

/** The basic cards (Pro and up): answered, handoffs, satisfaction, response time. */
export function BasicCards({
  overview,
  f,
  m,
}: {
  overview: AnalyticsOverviewDto;
  f: Formats;
  m: AnalyticsMessages;
}) {
  const { totals: now, previous: before } = overview;
  const c = m.cards;
  const answerRate = (rate: number | null) => (rate === null ? null : 1 - rate);
  const votes = now.thumbsUp + now.thumbsDown;
  return (
    <>
      <MetricCard
        testId="card-answered"
        title={c.answered}
        value={now.unansweredRate === null ? c.noQuestions : f.percent(1 - now.unansweredRate)}
        change={changeOf(answerRate(now.unansweredRate), answerRate(before.unansweredRate), "rate")}
        better="up"
        detail={c.answeredDetail(f.count(now.answered), f.count(now.unanswered))}
        f={f}
        m={m}
      />
      <MetricCard
        testId="card-handoffs"
        title={c.handoffs}
        value={f.percent(now.handoffRate ?? 0)}
        change={changeOf(now.handoffRate, before.handoffRate, "rate")}
        better="down"
        detail={[
          c.handoffsDetail(f.count(now.handoffs)),
          now.medianFirstHumanReplyMs === null
            ? now.handoffs > 0
              ? c.noHumanReply
              : null
            : c.firstHumanReply(f.duration(now.medianFirstHumanReplyMs)),
        ]
          .filter(Boolean)
          .join(" · ")}
        f={f}
        m={m}
      />
      <MetricCard
        testId="card-satisfaction"
        title={c.satisfaction}
        value={now.csatAverage === null ? c.noRatings : c.csatValue(f.decimal(now.csatAverage))}
        change={changeOf(now.csatAverage, before.csatAverage, "score")}
        better="up"
        detail={[
          now.csatCount > 0 ? c.csatDetail(f.count(now.csatCount)) : null,
          now.thumbsUpRate === null
            ? c.noVotes
            : c.thumbsDetail(f.percent(now.thumbsUpRate), f.count(votes)),
        ]
          .filter(Boolean)
          .join(" · ")}
        f={f}
        m={m}
      />
      <MetricCard
        testId="card-response"
        title={c.responseTime}
        value={now.medianResponseMs === null ? c.noResponses : f.duration(now.medianResponseMs)}
        change={changeOf(now.medianResponseMs, before.medianResponseMs)}
        better="down"
        detail={now.medianResponseMs === null ? undefined : c.responseDetail}
        f={f}
        m={m}
      />
    </>
  );
}

function MetricCard({
  title,
  value,
  change,
  better = "neither",
  detail,
  children,
  testId,
  f,
  m,
}: {
  title: string;
  value: string;
  change?: Change;
  better?: Better;
  detail?: string;
  children?: ReactNode;
  testId: string;
  f: Formats;
  m: AnalyticsMessages;
}) {
  return (
    <div
      className="flex min-w-0 flex-col gap-1.5 rounded-xl border bg-card p-4"
      data-testid={testId}
    >
      <h3 className="font-medium text-muted-foreground text-sm">{keepThaiWords(title)}</h3>
      <p className="break-words font-bold text-2xl tabular-nums leading-tight" data-testid="value">
        {value}
      </p>
      {change ? <ChangeLine change={change} better={better} f={f} m={m} /> : null}
      {children}
      {detail ? <p className="text-muted-foreground text-xs">{keepThaiWords(detail)}</p> : null}
    </div>
  );
}

/**
 * The change against the previous period: an arrow, the words (up / down 12%) and, for
 * screen readers, whether that is better or worse. Colour only repeats what the words say.
 */
function ChangeLine({
  change,
  better,
  f,
  m,
}: {
  change: Change;
  better: Better;
  f: Formats;
  m: AnalyticsMessages;
}) {
  if (change.kind === "none") return null;
  const t = m.change;
  let words: string;
  let tone = "text-muted-foreground";
  let Icon = Minus;
  let verdict: string | null = null;
  if (change.kind === "same") words = t.same;
  else if (change.kind === "new") words = t.new;
  else {
    const amount =
      change.unit === "points"
        ? t.points(f.decimal(change.amount))
        : change.unit === "score"
          ? f.decimal(change.amount)
          : f.percent(change.amount);
    words = change.kind === "up" ? t.up(amount) : t.down(amount);
    Icon = change.kind === "up" ? ArrowUpRight : ArrowDownRight;
    if (better !== "neither") {
      const isBetter = change.kind === better;
      tone = isBetter ? "text-success" : "text-destructive";
      verdict = isBetter ? t.better : t.worse;
    }
  }
  return (
    <p className={cn("flex flex-wrap items-center gap-x-1 text-xs", tone)} data-testid="change">
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="font-medium">{words}</span>
      {change.kind === "new" ? null : <span className="text-muted-foreground">{t.vsPrevious}</span>}
      {verdict ? <span className="sr-only">({verdict})</span> : null}
    </p>
  );
}
