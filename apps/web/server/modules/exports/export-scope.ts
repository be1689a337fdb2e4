import {
  AnalyticsQuerySchema,
  analyticsLimits,
  type ExportFormat,
  type ExportKind,
  exportFormats,
  exportKinds,
  hasAnalyticsFeature,
} from "@jai/contracts/analytics";
import type { Locale } from "@jai/contracts/locale";
import { type Db, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { parseInput } from "../../services/console/parse-input";
import { resolvePeriod, workspacePlan, workspaceTimeZone } from "../analytics/analytics-queries";

/**
 * What one export reads: the workspace's bots (or the one asked for), a channel, and a period of
 * calendar days in the workspace's time zone as UTC instants `[start, end)`.
 */
export type ExportScope = {
  workspaceId: string;
  kind: ExportKind;
  format: ExportFormat;
  locale: Locale;
  timeZone: string;
  /** Inclusive days, YYYY-MM-DD. */
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** The bots read (id → name): every bot of the workspace, or the one of the filter. */
  bots: Map<string, string>;
  channel: string | undefined;
  /** At most this many rows (`analyticsLimits.exportRows`). */
  maxRows: number;
};

export function isExportKind(value: string): value is ExportKind {
  return (exportKinds as readonly string[]).includes(value);
}

/**
 * Checks an export request and resolves its scope: the kind and format (422 when unknown), the
 * plan (exports come with deep analytics: Business and Enterprise; else 403 PLAN_LIMIT_REACHED
 * `limit: "exports"`), the filters of the dashboard (`AnalyticsQuerySchema`), the bot (another
 * workspace's is NOT_FOUND, like one that does not exist).
 */
export async function resolveExportScope(
  db: Db,
  workspaceId: string,
  request: { kind: string; query: Record<string, string>; locale: Locale },
  { maxRows = analyticsLimits.exportRows }: { maxRows?: number } = {},
): Promise<ExportScope> {
  if (!isExportKind(request.kind)) throw new AppError("NOT_FOUND");
  const format = request.query.format ?? "csv";
  if (!(exportFormats as readonly string[]).includes(format)) {
    throw new AppError("VALIDATION_FAILED", { fields: { format: "invalid" } });
  }
  const { format: _format, lang: _lang, ...filters } = request.query;
  const query = parseInput(AnalyticsQuerySchema, filters);
  const plan = await workspacePlan(db, workspaceId);
  if (!hasAnalyticsFeature(plan.allowances.analytics, "deep")) {
    throw new AppError("PLAN_LIMIT_REACHED", {
      message: "exports come with the Business and Enterprise plans",
      fields: { limit: "exports" },
    });
  }
  const timeZone = await workspaceTimeZone(db, workspaceId);
  const { from, to } = resolvePeriod(query, timeZone);
  const { rows: botRows } = await db.execute<{ id: string; name: string }>(
    sql`select id, name from bots where owner_id = ${workspaceId} order by created_at, id`,
  );
  const bots = new Map(botRows.map((row) => [row.id, row.name]));
  if (query.botId) {
    const name = bots.get(query.botId);
    if (name === undefined) throw new AppError("NOT_FOUND");
    bots.clear();
    bots.set(query.botId, name);
  }
  const { rows: bounds } = await db.execute<{ start: string | number; end: string | number }>(sql`
    select extract(epoch from (${from}::date)::timestamp at time zone ${timeZone}) * 1000 as start,
      extract(epoch from (${to}::date + 1)::timestamp at time zone ${timeZone}) * 1000 as end`);
  return {
    workspaceId,
    kind: request.kind,
    format: format as ExportFormat,
    locale: request.locale,
    timeZone,
    from,
    to,
    start: new Date(Number(bounds[0]!.start)),
    end: new Date(Number(bounds[0]!.end)),
    bots,
    channel: query.channel,
    maxRows,
  };
}

/** `jai-<kind>-<from>-<to>.<format>`: what the browser saves the file as. */
export function exportFileName(scope: Pick<ExportScope, "kind" | "from" | "to" | "format">) {
  return `jai-${scope.kind}-${scope.from}-${scope.to}.${scope.format}`;
}
