import { and, type Db, eq, visitors } from "@jai/db";
import { hashVisitorToken } from "./visitor-token";

/** The visitor id a token stands for on a bot, or undefined (no token, or never chatted). */
export async function findVisitorId(
  db: Db,
  botId: string,
  token: string | undefined,
): Promise<string | undefined> {
  if (token === undefined) return undefined;
  const [row] = await db
    .select({ id: visitors.id })
    .from(visitors)
    .where(and(eq(visitors.botId, botId), eq(visitors.tokenHash, hashVisitorToken(botId, token))));
  return row?.id;
}
