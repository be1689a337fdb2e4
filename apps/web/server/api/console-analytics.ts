import { AnalyticsQuerySchema } from "@jai/contracts/analytics";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import {
  getAnalyticsOverview,
  getAttention,
  getForecast,
} from "../modules/analytics/analytics-queries";
import { refreshRollups } from "../modules/analytics/rollups";
import type { AppServices } from "../services/app-services";
import { parseInput } from "../services/console/parse-input";

/** A workspace may bring the rollups up to date itself at most this often. */
const refreshIntervalMs = 10_000;

/**
 * `/api/console/analytics/*` (admins): the dashboard's figures for a period and filters
 * (`overview`), a bot's 14-day forecast, what needs attention, and `refresh`, which runs the
 * rollup pass now instead of within the minute (at most every 10 s per workspace).
 */
export function createConsoleAnalyticsApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  const db = services.database.db;
  const workspaceOf = async (c: Context<AppEnv>) =>
    (await services.accounts.requireMember(c, "admin")).workspaceId;
  const lastRefresh = new Map<string, number>();

  api.get("/overview", async (c) => {
    const workspaceId = await workspaceOf(c);
    const query = parseInput(AnalyticsQuerySchema, c.req.query());
    return c.json(await getAnalyticsOverview(db, workspaceId, query));
  });
  api.get("/forecast", async (c) => {
    const workspaceId = await workspaceOf(c);
    return c.json(await getForecast(db, workspaceId, c.req.query("botId") || undefined));
  });
  api.get("/attention", async (c) => c.json(await getAttention(db, await workspaceOf(c))));
  api.post("/refresh", async (c) => {
    const workspaceId = await workspaceOf(c);
    const now = Date.now();
    if (now - (lastRefresh.get(workspaceId) ?? 0) >= refreshIntervalMs) {
      lastRefresh.set(workspaceId, now);
      await refreshRollups(db);
    }
    return c.body(null, 204);
  });
  return api;
}
