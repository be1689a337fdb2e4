import { type InboxChannel, inboxChannels, inboxLimits } from "@jai/contracts/inbox";
import type { StatusTab } from "./messages";

export const statusTabs = [
  "active",
  "pending",
  "open",
  "bot",
  "snoozed",
  "resolved",
  "all",
] as const satisfies readonly StatusTab[];

export const assigneeFilters = ["all", "mine", "unassigned"] as const;
export type AssigneeFilter = (typeof assigneeFilters)[number];

/** What the list shows; kept in the page's search params so a reload or a shared link keeps it. */
export type InboxFilters = {
  tab: StatusTab;
  botId: string | null;
  channel: InboxChannel | null;
  assignee: AssigneeFilter;
  feedback: boolean;
  q: string;
};

export const defaultFilters: InboxFilters = {
  tab: "active",
  botId: null,
  channel: null,
  assignee: "all",
  feedback: false,
  q: "",
};

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** The filters in a page's search params; anything unknown reads as the default. */
export function readFilters(params: URLSearchParams): InboxFilters {
  const status = params.get("status");
  const channel = params.get("channel");
  const assignee = params.get("assignee");
  const bot = params.get("bot");
  return {
    tab: isOneOf(statusTabs, status) ? status : "active",
    botId: bot && bot.length <= 64 ? bot : null,
    channel: isOneOf(inboxChannels, channel) ? channel : null,
    assignee: isOneOf(assigneeFilters, assignee) ? assignee : "all",
    feedback: params.get("feedback") === "1",
    q: (params.get("q") ?? "").slice(0, inboxLimits.search),
  };
}

/** The page's search params for `filters`: only what differs from the defaults. */
export function writeFilters(filters: InboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.tab !== "active") params.set("status", filters.tab);
  if (filters.botId) params.set("bot", filters.botId);
  if (filters.channel) params.set("channel", filters.channel);
  if (filters.assignee !== "all") params.set("assignee", filters.assignee);
  if (filters.feedback) params.set("feedback", "1");
  const q = filters.q.trim();
  if (q) params.set("q", q);
  return params;
}

/** Whether the list is narrowed by anything beyond the default tab. */
export function isFiltered(filters: InboxFilters): boolean {
  return writeFilters({ ...filters, tab: "active" }).size > 0 || filters.tab !== "active";
}

/**
 * The query of GET /api/console/inbox/conversations for `filters` (and the next page's cursor).
 * The "active" tab sends no status: the API's default is every conversation but resolved ones.
 */
export function listQuery(filters: InboxFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.tab !== "active") params.set("status", filters.tab);
  if (filters.botId) params.set("botId", filters.botId);
  if (filters.channel) params.set("channel", filters.channel);
  if (filters.assignee !== "all") params.set("assignee", filters.assignee);
  if (filters.feedback) params.set("feedback", "1");
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}
