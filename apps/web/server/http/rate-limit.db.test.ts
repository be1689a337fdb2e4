import { createDatabase, type Database, rateLimits } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findFreePort } from "../test/smtp-sink";
import { AppError } from "./errors";
import { createRateLimit } from "./rate-limit";

const isPostgres = process.env.JAI_TEST_DB === "postgres";

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("rate limits", () => {
  let testDatabase: TestDatabase;
  const opened: Database[] = [];

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    await testDatabase.cleanup();
  });

  it("gives back an attempt, or forgets a key, on request", async () => {
    const limit = createRateLimit(testDatabase.database, {
      name: "refunds",
      points: 2,
      durationSeconds: 60,
    });
    await limit.consume("account");
    await limit.consume("account");
    await limit.refund("account");
    await limit.consume("account");
    expect((await rejection(limit.consume("account"))).code).toBe("RATE_LIMITED");
    await limit.reset("account");
    await limit.consume("account");
    await limit.consume("account");
    // A refund for a key with nothing counted gives no bonus attempt.
    await limit.refund("fresh");
    await limit.consume("fresh");
    await limit.consume("fresh");
    expect((await rejection(limit.consume("fresh"))).code).toBe("RATE_LIMITED");
  });

  it("allows `points` attempts per key and window, then says how long to wait", async () => {
    const limit = createRateLimit(testDatabase.database, {
      name: "test",
      points: 3,
      durationSeconds: 60,
    });
    for (let attempt = 0; attempt < 3; attempt++) await limit.consume("client-a");
    const error = await rejection(limit.consume("client-a"));
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.retryAfterSeconds).toBeGreaterThan(55);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other keys and other limits count separately.
    await limit.consume("client-b");
    const other = createRateLimit(testDatabase.database, {
      name: "other",
      points: 1,
      durationSeconds: 60,
    });
    await other.consume("client-a");
  });

  it.skipIf(!isPostgres)("shares the counters between instances on PostgreSQL", async () => {
    const second = await createDatabase({ databaseUrl: testDatabase.databaseUrl!, poolSize: 2 });
    opened.push(second);
    const options = { name: "contact", points: 4, durationSeconds: 600 };
    const here = createRateLimit(testDatabase.database, options);
    const there = createRateLimit(second, options);
    await here.consume("hashed-client");
    await there.consume("hashed-client");
    await here.consume("hashed-client");
    await there.consume("hashed-client");
    await rejection(here.consume("hashed-client"));
    await rejection(there.consume("hashed-client"));
    const stored = await testDatabase.db.select().from(rateLimits);
    expect(stored).toEqual([
      { key: "contact:hashed-client", points: 6, expire: expect.any(Number) },
    ]);
  });

  it.skipIf(isPostgres)("counts in memory on the embedded database", async () => {
    const limit = createRateLimit(testDatabase.database, {
      name: "contact",
      points: 1,
      durationSeconds: 60,
    });
    await limit.consume("client");
    await rejection(limit.consume("client"));
    expect(await testDatabase.db.$count(rateLimits)).toBe(0);
  });

  it("keeps limiting in memory when PostgreSQL is unreachable", async () => {
    const unreachable = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await findFreePort()}/jai`,
      onPoolError: () => {},
    });
    opened.push(unreachable);
    const limit = createRateLimit(unreachable, { name: "contact", points: 2, durationSeconds: 60 });
    await limit.consume("client");
    await limit.consume("client");
    expect((await rejection(limit.consume("client"))).code).toBe("RATE_LIMITED");
  });
});
