import { createHmac } from "node:crypto";
import { channelEvents } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { seededRandom } from "@jai/engine/providers/seeded-random";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import { type FakeMeta, startFakeMeta } from "../test/fake-meta";

describe("the Meta webhook under malformed and unsigned bodies", () => {
  let testDatabase: TestDatabase;
  let meta: FakeMeta;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    meta = await startFakeMeta();
  });
  afterAll(async () => {
    await meta.close();
    await testDatabase.cleanup();
  });

  it("answers 10,000 of them without a 5xx, and stores nothing that was not signed", async () => {
    const testApp = createConsoleTestApp(testDatabase, { meta: meta.endpoints });
    const owner = await signInOwner(testApp, testDatabase, "meta-fuzz@example.com");
    const persona = await owner.request("POST", "/api/console/personas", { name: "Fuzz" });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Fuzz bot",
    });
    const connected = await owner.request(
      "PUT",
      `/api/console/bots/${bot.body.id}/channels/messenger`,
      { pageId: meta.pageId, pageAccessToken: meta.pageAccessToken, appSecret: meta.appSecret },
    );
    expect(connected.status).toBe(200);
    const connectionId = connected.body.channel.connectionId as string;
    const next = seededRandom(20261127);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const sign = (body: string | Uint8Array) =>
      `sha256=${createHmac("sha256", meta.appSecret).update(body).digest("hex")}`;
    const junkValues = [null, 0, -1, 1e308, "", "x".repeat(300), [], {}, true, "🙂", "\u0000"];

    /**
     * A body built around a message whose text names the request (`tag`), so a stored row can
     * be traced back to whether its request was signed.
     */
    function body(tag: string): string | Uint8Array<ArrayBuffer> {
      const item = meta.message({ from: "7100000000000001", text: tag }) as Record<string, unknown>;
      const entry = { id: meta.pageId, time: Date.now(), messaging: [item] };
      switch (Math.floor(next() * 10)) {
        case 0:
          return new Uint8Array(
            Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 256)),
          );
        case 1:
          return JSON.stringify({ object: "page", entry: [entry] }).slice(
            0,
            Math.floor(next() * 150),
          );
        case 2:
          return JSON.stringify({ object: "page", entry: pick(junkValues) });
        case 3: {
          const broken: Record<string, unknown> = { ...item };
          broken[pick(["sender", "recipient", "timestamp", "message"])] = pick(junkValues);
          return JSON.stringify({ object: "page", entry: [{ ...entry, messaging: [broken] }] });
        }
        case 4:
          return JSON.stringify({
            object: "page",
            entry: [{ ...entry, messaging: pick(junkValues) }],
          });
        case 5:
          return pick(["", "null", "[]", "{}", '{"object":null}', "\u0000", "{".repeat(5000)]);
        case 6:
          return JSON.stringify({ object: pick(junkValues), entry: [entry] });
        case 7:
          // Well formed: stored when signed (its text says so), never when not.
          return JSON.stringify({ object: "page", entry: [entry] });
        case 8:
          return JSON.stringify({
            object: "page",
            entry: [{ ...entry, id: pick(junkValues) }],
          });
        default:
          return JSON.stringify(pick(junkValues));
      }
    }

    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const kind = next();
      const signed = kind >= 0.5;
      const payload = body(`${signed ? "signed" : "unsigned"}-${i}`);
      // Unsigned, wrongly signed, or signed (a valid signature over whatever the body is).
      const signature = signed
        ? sign(payload)
        : kind < 0.25
          ? undefined
          : pick(["", "sha256=", "sha256=00", "sha1=abc", sign("other"), "x".repeat(5000)]);
      const id =
        next() < 0.9 ? connectionId : pick(["x", "00000000-0000-4000-8000-000000000000", "%00"]);
      const response = await testApp.app.request(`/api/webhooks/meta/${id}`, {
        method: "POST",
        headers: {
          "Content-Type": pick([
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
          ]),
          ...(signature === undefined ? {} : { "x-hub-signature-256": signature }),
        },
        body: payload,
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    const serverErrors = [...statuses].filter(([status]) => status >= 500);
    expect(serverErrors).toEqual([]);
    const stored = await testDatabase.db.select().from(channelEvents);
    expect(stored.filter((row) => JSON.stringify(row.payload).includes("unsigned"))).toEqual([]);
    // Each kind of answer was exercised (the well-formed signed ones were stored).
    for (const status of [200, 400, 401, 404]) {
      expect(statuses.get(status) ?? 0, `status ${status}`).toBeGreaterThan(100);
    }
    expect(stored.length).toBeGreaterThan(0);
  }, 240_000);
});
