import { analyticsLimits, analyticsPeriods, exportKinds } from "@jai/contracts/analytics";
import { ApiErrorSchema } from "@jai/contracts/public-api";
import { z } from "@jai/contracts/zod";
import { createExport, exportHeaders } from "../modules/exports/create-export";
import { exportLocale } from "./console-data";
import type { PublicRoute } from "./public-api";

// The route table's own helpers live in public-api.ts, which imports this file: values from it
// are not ready while this table is built, so the two small ones are repeated here.
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const errorDescriptions: Record<number, string> = {
  401: "No API key, or a revoked or unknown one.",
  403: "The key owner's plan has no exports (`PLAN_LIMIT_REACHED`, `fields.limit: exports`): they come with the Business and Enterprise plans.",
  404: "No such kind of export, or no such bot among the key owner's (someone else's answers the same).",
  422: "A filter is invalid: `error.fields` says which and why.",
  429: "Too many requests for this key: wait `Retry-After` seconds.",
};
const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [String(status), json(ApiErrorSchema, errorDescriptions[status]!)]),
  );

const ExportQuerySchema = z.object({
  format: z.enum(["csv", "xlsx"]).default("csv").meta({ description: "The file's format." }),
  period: z.enum(analyticsPeriods).default("7d").meta({
    description:
      "Calendar days in the workspace's time zone, ending today; `custom`: `from`..`to`.",
  }),
  from: z.string().optional().meta({ description: "First day (YYYY-MM-DD), for `custom`." }),
  to: z
    .string()
    .optional()
    .meta({ description: "Last day (YYYY-MM-DD, inclusive), for `custom` (at most 366 days)." }),
  botId: z.string().optional().meta({ description: "Only this bot." }),
  channel: z.string().optional().meta({ description: "Only this channel (`line`, `widget` …)." }),
  lang: z
    .enum(["en", "th"])
    .optional()
    .meta({ description: "The headers' language (default: Accept-Language)." }),
});

const kindParam = z.object({
  kind: z.enum(exportKinds).meta({ description: "What to export." }),
});

const binary = z.string().meta({ format: "binary" });

/**
 * The public API's exports (`/api/v1/exports/{kind}`): the console's CSV / XLSX exports with the
 * same filters and the same plan rule, for the key owner's bots.
 */
export const publicExportRoutes: PublicRoute[] = [
  {
    method: "get",
    path: "/exports/{kind}",
    operation: {
      tags: ["Exports"],
      summary: "Export conversations, messages, contacts, feedback or daily analytics",
      description:
        "A file to download, streamed as it is read: CSV (UTF-8 with a byte-order mark, RFC 4180 " +
        "quoting; a cell starting with `=`, `+`, `-` or `@` gets a leading `'` so spreadsheets " +
        "show it as text) or XLSX (one sheet, bold frozen header). Rows are in time order, bot " +
        `after bot, at most ${analyticsLimits.exportRows.toLocaleString("en")} (narrow the filters for more). ` +
        "Times come twice: ISO 8601 in UTC and the workspace's local time. `analytics` is the " +
        "dashboard's daily table (conversations, messages, contacts, answered, unanswered, " +
        "handoffs, thumbs, CSAT). Needs a plan with deep analytics (Business, Enterprise).",
      requestParams: { path: kindParam, query: ExportQuerySchema },
      responses: {
        "200": {
          description:
            'The file (`Content-Disposition: attachment; filename="jai-<kind>-<from>-<to>.<format>"`).',
          content: {
            "text/csv": { schema: binary },
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
              schema: binary,
            },
          },
        },
        ...errors(401, 403, 404, 422, 429),
      },
    },
    async handle(c, services) {
      const query = c.req.query();
      const file = await createExport(
        services.database.db,
        c.get("apiOwnerId"),
        {
          kind: c.req.param("kind") ?? "",
          query,
          locale: exportLocale(c.req.raw, query.lang),
        },
        { logger: services.logger },
      );
      return c.body(file.body, 200, exportHeaders(file));
    },
  },
];
