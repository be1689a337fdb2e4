import { bots, conversations, type Db, messages, sql } from "@jai/db";
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { describeError, type Logger } from "../logger";

export type PlatformStats = { bots: number; conversations: number; messages: number };

/** How long one count is served: the landing page shows round figures, not a live counter. */
const freshForMs = 5 * 60_000;

/**
 * `GET /api/stats`: the platform's totals for the landing page (owners' bots, their conversations
 * and messages; the page keeps its placeholder sentence while all are zero),
 * counted at most once per five minutes and shared by every visitor meanwhile, so a crowd on the
 * landing page costs the database one count. Totals only: nothing about any owner.
 */
export function createPlatformStatsApi({ db, logger }: { db: Db; logger: Logger }) {
  let cached: { stats: PlatformStats; at: number } | undefined;
  let counting: Promise<PlatformStats> | undefined;

  async function count(): Promise<PlatformStats> {
    const [row] = await db
      .select({
        // Owners' bots only: the seeded Demo Bot (no owner) is ours, not a customer's.
        bots: sql<number>`(select count(*)::int from ${bots} where owner_id is not null)`,
        conversations: sql<number>`(select count(*)::int from ${conversations} c
          join ${bots} b on b.id = c.bot_id where b.owner_id is not null)`,
        messages: sql<number>`(select count(*)::int from ${messages} m
          join ${bots} b on b.id = m.bot_id where b.owner_id is not null)`,
      })
      .from(sql`(select 1) as one`);
    return {
      bots: Number(row?.bots ?? 0),
      conversations: Number(row?.conversations ?? 0),
      messages: Number(row?.messages ?? 0),
    };
  }

  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    if (!cached || Date.now() - cached.at > freshForMs) {
      counting ??= count().finally(() => {
        counting = undefined;
      });
      try {
        cached = { stats: await counting, at: Date.now() };
      } catch (error) {
        logger.warn("platform stats not counted", describeError(error));
        if (!cached) return c.json({ error: "unavailable" }, 503);
      }
    }
    c.header("Cache-Control", "public, max-age=300");
    return c.json(cached.stats);
  });
  return app;
}
