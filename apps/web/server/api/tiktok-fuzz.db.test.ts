import { createHmac } from "node:crypto";
import { channelEvents } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { seededRandom } from "@jai/engine/providers/seeded-random";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import { type FakeTiktok, startFakeTiktok } from "../test/fake-tiktok";

describe("the TikTok webhook under malformed, unsigned and replayed bodies", () => {
  let testDatabase: TestDatabase;
  let tiktok: FakeTiktok;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    tiktok = await startFakeTiktok();
  });
  afterAll(async () => {
    await tiktok.close();
    await testDatabase.cleanup();
  });

  it("answers 10,000 of them without a 5xx and stores nothing", async () => {
    const testApp = createConsoleTestApp(testDatabase, { tiktok: tiktok.endpoints });
    const owner = await signInOwner(testApp, testDatabase, "tiktok-fuzz@example.com");
    const persona = await owner.request("POST", "/api/console/personas", { name: "Fuzz" });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Fuzz bot",
    });
    const connected = await owner.request(
      "PUT",
      `/api/console/bots/${bot.body.id}/channels/tiktok`,
      {
        appId: tiktok.appId,
        appSecret: tiktok.appSecret,
        businessId: tiktok.businessId,
        accessToken: tiktok.accessToken,
      },
    );
    expect(connected.status).toBe(200);
    const connectionId = connected.body.connectionId as string;
    const next = seededRandom(20261127);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const now = () => Math.floor(Date.now() / 1000);
    const sign = (body: string | Uint8Array, t = now(), secret = tiktok.appSecret) =>
      `t=${t},s=${createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex")}`;
    const valid = tiktok.message({ from: "u-fuzz", text: "hello" });
    const content = JSON.parse(valid.content) as Record<string, unknown>;
    const junk = [null, 0, -1, 1e308, "", "x".repeat(300), [], {}, true, "🙂", "\u0000", "\ud800"];

    /** A body that is not TikTok's, or TikTok's shape for another business account. */
    function malformed(): string | Uint8Array<ArrayBuffer> {
      switch (Math.floor(next() * 9)) {
        case 0:
          return new Uint8Array(
            Array.from({ length: Math.floor(next() * 200) }, () => Math.floor(next() * 256)),
          );
        case 1:
          return JSON.stringify(valid).slice(0, Math.floor(next() * 150));
        case 2: {
          // One field of the envelope broken, for another account (a junk value that is still
          // TikTok's shape, a `client_key` of "", is a valid event, just not this bot's).
          const envelope: Record<string, unknown> = { ...valid, user_openid: "another-business" };
          envelope[pick(["event", "create_time", "user_openid", "content", "client_key"])] =
            pick(junk);
          return JSON.stringify(envelope);
        }
        case 3: {
          // The content's fields broken, for another account (a valid mutation is not ours).
          const broken: Record<string, unknown> = { ...content };
          broken[
            pick(["conversation_id", "message_id", "type", "text", "from_user", "timestamp"])
          ] = pick(junk);
          return JSON.stringify({
            ...valid,
            user_openid: "another-business",
            content: JSON.stringify(broken),
          });
        }
        case 4:
          return JSON.stringify({ ...valid, content: pick(["", "{", "null", "[]", '"x"', "{}"]) });
        case 5:
          return pick(["", "null", "[]", "{}", '{"event":null}', "\u0000", "{".repeat(5000)]);
        case 6:
          return JSON.stringify({
            ...valid,
            content: JSON.stringify({ ...content, text: { body: "a\u0000b" } }),
          });
        case 7:
          return JSON.stringify({ ...valid, event: "im_receive_msg".repeat(10) });
        default:
          return JSON.stringify(pick(junk));
      }
    }

    const statuses = new Map<number, number>();
    let stale = 0;
    for (let i = 0; i < 10_000; i++) {
      const kind = next();
      let body: string | Uint8Array<ArrayBuffer>;
      let signature: string | undefined;
      if (kind < 0.15) {
        // TikTok's own, rightly signed, but long ago or ahead of time: a replay.
        body = JSON.stringify(valid);
        // Ahead by 10 s or more: at 3 s, a second passing before the check (a loaded machine) lands
        // inside the 2 s future skew the webhook allows.
        signature = sign(body, now() + pick([-301, -600, -86_400, 10, 60]));
        stale++;
      } else {
        body = malformed();
        const how = next();
        // Unsigned, wrongly signed, signed with another secret, or rightly signed (over a
        // malformed body).
        signature =
          how < 0.2
            ? undefined
            : how < 0.35
              ? pick(["", "t=1,s=00", "s=abc", "t=,s=", "x".repeat(600), `t=${now()}`])
              : how < 0.45
                ? sign(body, now(), "another-secret-0123456789abcdef")
                : sign(body);
      }
      const id =
        next() < 0.9 ? connectionId : pick(["x", "00000000-0000-4000-8000-000000000000", "%00"]);
      const response = await testApp.app.request(`/api/webhooks/tiktok/${id}`, {
        method: "POST",
        headers: {
          "Content-Type": pick([
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
          ]),
          ...(signature === undefined ? {} : { "TikTok-Signature": signature }),
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
    expect(stale).toBeGreaterThan(1_000);
    expect(testApp.log.lines.filter((line) => line.level === "error")).toEqual([]);
  }, 240_000);
});
