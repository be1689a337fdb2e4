import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { planState } from "../modules/billing/plan-state";
import type { AppServices } from "../services/app-services";
import { loadOwnerPlan } from "../services/console/console-plan";

/**
 * Console writes still allowed while a workspace is read-only (unpaid) or its trial is over,
 * by method and path under /api/console. Everything else that writes answers 403
 * PLAN_LIMIT_REACHED: `fields.limit` "readOnly", or `fields.plan` "trialEnded" for the trial
 * (as bot creation has always said it).
 *
 * - DELETE, every one: deleting data (PDPA), a bot, a channel, an API key, a teammate, an
 *   invitation is always possible;
 * - billing (paying, the card, the billing details, invoices, withholding certificates);
 * - the inbox: the team answers the customers the paused bots could not;
 * - the member's own notifications, and switching workspace;
 * - reads sent as POST: knowledge search, an import's preview, the analytics refresh, and a
 *   Google Sheets sync (an export of what the plan allows).
 */
export const readOnlyAllowList: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: "DELETE", path: /^\/api\/console\// },
  { method: "*", path: /^\/api\/console\/billing(\/|$)/ },
  { method: "*", path: /^\/api\/console\/inbox(\/|$)/ },
  { method: "*", path: /^\/api\/console\/notifications(\/|$)/ },
  { method: "POST", path: /^\/api\/console\/workspace\/switch$/ },
  { method: "POST", path: /^\/api\/console\/bots\/[^/]+\/knowledge\/search$/ },
  { method: "POST", path: /^\/api\/console\/data\/import\/preview$/ },
  { method: "POST", path: /^\/api\/console\/data\/sheets\/[^/]+\/sync$/ },
  { method: "POST", path: /^\/api\/console\/analytics\/refresh$/ },
];

const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export function isAllowedWhileReadOnly(method: string, path: string): boolean {
  if (readMethods.has(method)) return true;
  return readOnlyAllowList.some(
    (rule) => (rule.method === "*" || rule.method === method) && rule.path.test(path),
  );
}

/**
 * One middleware on /api/console/*: refuses console writes of a paused workspace (read-only or
 * trial over) unless the allow-list above lets them through. Requests without a member go on
 * (the route answers 401 / 403 itself).
 */
export function requireWritablePlan(services: AppServices): MiddlewareHandler<AppEnv> {
  const db = services.database.db;
  return async (c, next) => {
    const path = c.req.path.replace(/\/+$/, "");
    if (isAllowedWhileReadOnly(c.req.method, path)) return next();
    const member = await services.accounts.getMember(c.req.raw);
    if (!member) return next();
    const state = planState(await loadOwnerPlan(db, member.workspaceId));
    if (state.readOnly) {
      throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "readOnly" } });
    }
    if (state.trialOver) {
      // As bot creation says it (console-bots.ts): `plan`, which reachedLimit reads first.
      throw new AppError("PLAN_LIMIT_REACHED", { fields: { plan: "trialEnded" } });
    }
    return next();
  };
}
