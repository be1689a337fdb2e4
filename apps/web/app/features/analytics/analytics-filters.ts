import { type AnalyticsPeriod, analyticsLimits, analyticsPeriods } from "@jai/contracts/analytics";
import { type InboxChannel, inboxChannels } from "@jai/contracts/inbox";
import { daysBetween } from "./format";

/**
 * The dashboard's filters, kept in the page's search params under the API's own names (period,
 * from, to, botId, channel): a reload or a shared link shows the same figures, and the page's
 * query is the API's query.
 */
export type AnalyticsFilters = {
  period: AnalyticsPeriod;
  /** A custom period's days (YYYY-MM-DD, inclusive); empty otherwise. */
  from: string;
  to: string;
  botId: string | null;
  channel: InboxChannel | null;
};

/** What is wrong with a custom period, if anything (nothing is fetched until it is right). */
export type RangeIssue = "missing" | "order" | "tooLong";

export const defaultFilters: AnalyticsFilters = {
  period: "7d",
  from: "",
  to: "",
  botId: null,
  channel: null,
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => isoDay.test(value) && !Number.isNaN(Date.parse(value));
const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** The filters in a page's search params; anything unknown reads as the default. */
export function readFilters(params: URLSearchParams): AnalyticsFilters {
  const period = params.get("period");
  const channel = params.get("channel");
  const botId = params.get("botId");
  const custom = period === "custom";
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return custom && isDay(value) ? value : "";
  };
  return {
    period: isOneOf(analyticsPeriods, period) ? period : defaultFilters.period,
    from: day("from"),
    to: day("to"),
    botId: botId && botId.length <= 64 ? botId : null,
    channel: isOneOf(inboxChannels, channel) ? channel : null,
  };
}

/** Why a custom period cannot be shown yet (null: it can, or the period is not custom). */
export function rangeIssue(filters: AnalyticsFilters): RangeIssue | null {
  if (filters.period !== "custom") return null;
  if (!filters.from || !filters.to) return "missing";
  if (filters.from > filters.to) return "order";
  if (daysBetween(filters.from, filters.to) > analyticsLimits.customPeriodDays) return "tooLong";
  return null;
}

/** The search params for `filters`: only what differs from the defaults. */
export function writeFilters(filters: AnalyticsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.period !== defaultFilters.period) params.set("period", filters.period);
  if (filters.period === "custom") {
    if (filters.from) params.set("from", filters.from);
    if (filters.to) params.set("to", filters.to);
  }
  if (filters.botId) params.set("botId", filters.botId);
  if (filters.channel) params.set("channel", filters.channel);
  return params;
}

/** The API's query for `filters` (the period always named). */
export function apiQuery(filters: AnalyticsFilters): string {
  const params = writeFilters(filters);
  params.set("period", filters.period);
  params.sort();
  return params.toString();
}
