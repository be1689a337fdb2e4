import { createHmac } from "node:crypto";
import { channelEvents } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { seededRandom } from "@jai/engine/providers/seeded-random";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import { type FakeLine, startFakeLine } from "../test/fake-line";

describe("the LINE webhook under malformed and unsigned bodies", () => {
  let testDatabase: TestDatabase;
  let line: FakeLine;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    line = await startFakeLine();
  });
  afterAll(async () => {
    await line.close();
    await testDatabase.cleanup();
  });

  it("answers 10,000 of them without a 5xx and stores nothing", async () => {
    const testApp = createConsoleTestApp(testDatabase, {
      line: { apiBaseUrl: line.url, dataBaseUrl: line.url },
    });
    const owner = await signInOwner(testApp, testDatabase, "fuzz@example.com");
    const persona = await owner.request("POST", "/api/console/personas", { name: "Fuzz" });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Fuzz bot",
    });
    const connected = await owner.request("PUT", `/api/console/bots/${bot.body.id}/channels/line`, {
      channelId: line.channelId,
      channelSecret: line.channelSecret,
      accessToken: line.accessToken,
    });
    const connectionId = connected.body.connectionId as string;
    const next = seededRandom(20261126);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const sign = (body: string | Uint8Array) =>
      createHmac("sha256", line.channelSecret).update(body).digest("base64");
    const validEvent = line.event({ type: "text", userId: "Ufuzz", text: "hello" });
    const junkValues = [null, 0, -1, 1e308, "", "x".repeat(300), [], {}, true, "🙂", "\u0000"];

    /** Something that is not a LINE webhook body (or not JSON at all). */
    function malformed(): string | Uint8Array<ArrayBuffer> {
      switch (Math.floor(next() * 8)) {
        case 0:
          return new Uint8Array(
            Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 256)),
          );
        case 1:
          return JSON.stringify(validEvent).slice(0, Math.floor(next() * 100));
        case 2:
          return JSON.stringify({ events: pick(junkValues) });
        case 3: {
          const event: Record<string, unknown> = { ...validEvent };
          event[pick(["webhookEventId", "timestamp", "type", "source"])] = pick(junkValues);
          return JSON.stringify({ events: [event] });
        }
        case 4:
          return JSON.stringify({ events: Array.from({ length: 101 }, () => validEvent) });
        case 5:
          return pick(["", "null", "[]", "{}", '{"events":null}', "\u0000", "{".repeat(5000)]);
        case 6:
          return JSON.stringify({ events: [{ ...validEvent, webhookEventId: "" }] });
        default:
          return JSON.stringify(pick(junkValues));
      }
    }

    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const body = malformed();
      const kind = next();
      // Unsigned, wrongly signed, or signed (a valid signature over a malformed body).
      const signature =
        kind < 0.25 ? undefined : kind < 0.5 ? pick(["", "AAAA", "!!", sign("other")]) : sign(body);
      const id =
        next() < 0.9 ? connectionId : pick(["x", "00000000-0000-4000-8000-000000000000", "%00"]);
      const response = await testApp.app.request(`/api/webhooks/line/${id}`, {
        method: "POST",
        headers: {
          "Content-Type": pick([
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
          ]),
          ...(signature === undefined ? {} : { "x-line-signature": signature }),
        },
        body,
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    const serverErrors = [...statuses].filter(([status]) => status >= 500);
    expect(serverErrors).toEqual([]);
    expect(await testDatabase.db.select().from(channelEvents)).toHaveLength(0);
    // Each kind of refusal was exercised.
    for (const status of [400, 401, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(100);
  }, 240_000);
});
