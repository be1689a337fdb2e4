import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError } from "./is-database-unavailable-error.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailableError", () => {
  it.each([
    withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
    withCode("57P01", "terminating connection due to administrator command"),
    withCode("53300", "sorry, too many clients already"),
    withCode("08006", "connection failure"),
    new Error("Connection terminated unexpectedly"),
    new Error("timeout exceeded when trying to connect"),
    new Error("Cannot use a pool after calling end on the pool"),
    new Error("PGlite is closed"),
    // drizzle wraps the driver's error
    new Error("Failed query: insert into …", { cause: withCode("ECONNRESET") }),
    Object.assign(new AggregateError([withCode("ECONNREFUSED")], "connect failed"), {}),
  ])("recognises %s", (error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    withCode("23505", "duplicate key value violates unique constraint"),
    withCode("42P01", 'relation "nope" does not exist'),
    new Error("Failed query", { cause: withCode("23514", "violates check constraint") }),
    new Error("boom"),
    "a string",
    undefined,
  ])("does not blame availability for %s", (error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});
