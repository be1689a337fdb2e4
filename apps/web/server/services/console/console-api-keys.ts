import { createHash } from "node:crypto";
import { type ApiKeyDto, CreateApiKeySchema, consoleLimits } from "@jai/contracts/console";
import {
  type ApiKeyRow,
  and,
  apiKeys,
  count,
  type Db,
  desc,
  eq,
  isNull,
  lt,
  or,
  sql,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { isUuid } from "./console-personas";
import type { ConsoleServices } from "./console-services";
import { parseInput } from "./parse-input";
import { randomBase62 } from "./random-id";

export const apiKeyPrefix = "jai_";
/** "jai_" and 32 base62 characters: about 190 bits. */
const apiKeyPattern = /^jai_[A-Za-z0-9]{32}$/;
/** What lists show of a key: "jai_" and its first 8 random characters. */
const shownPrefixLength = 12;
/** `last_used_at` is written at most this often per key (not on every request). */
const lastUsedPrecisionMs = 60_000;

/**
 * What is stored of a key: its SHA-256. A key has 190 random bits, so a fast hash is enough
 * (nobody can search that space), and it lets one indexed lookup find the key.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function createApiKey(): string {
  return `${apiKeyPrefix}${randomBase62(32)}`;
}

function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export function createConsoleApiKeys(db: Db): ConsoleServices["apiKeys"] {
  return {
    async list(ownerId) {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.ownerId, ownerId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toApiKeyDto);
    },

    async create(ownerId, input) {
      const { name } = parseInput(CreateApiKeySchema, input);
      const key = createApiKey();
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${ownerId}`}))`);
        const [{ active } = { active: 0 }] = await tx
          .select({ active: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)));
        if (active >= consoleLimits.apiKeysPerOwner) {
          throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "apiKeys" } });
        }
        const [inserted] = await tx
          .insert(apiKeys)
          .values({
            ownerId,
            name,
            prefix: key.slice(0, shownPrefixLength),
            keyHash: hashApiKey(key),
          })
          .returning();
        return inserted!;
      });
      return { ...toApiKeyDto(row), key };
    },

    async revoke(ownerId, keyId) {
      if (!isUuid(keyId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .select({ revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.ownerId, ownerId)));
      if (!row) throw new AppError("NOT_FOUND");
      // Revoking twice keeps the first time.
      if (row.revokedAt) return;
      await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)));
    },

    async authenticate(key) {
      if (!apiKeyPattern.test(key)) return null;
      const [row] = await db
        .select({ id: apiKeys.id, ownerId: apiKeys.ownerId, lastUsedAt: apiKeys.lastUsedAt })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
      if (!row) return null;
      const now = new Date();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= lastUsedPrecisionMs) {
        const threshold = new Date(now.getTime() - lastUsedPrecisionMs);
        await db
          .update(apiKeys)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(apiKeys.id, row.id),
              or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, threshold)),
            ),
          );
      }
      return { ownerId: row.ownerId, keyId: row.id };
    },
  };
}
