import { knowledgeBaseStandard } from "@jai/contracts/plans";
import {
  and,
  bots,
  channelConnections,
  eq,
  knowledgeSources,
  ownerPlans,
  personas,
  sql,
  users,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import type { AppServices } from "../../services/app-services";
import { createConsoleTestApp } from "../../test/console-test-app";
import { activateChannelConnection } from "../channels/owned-channels";
import { knowledgeBaseUsage } from "./allowances";

/**
 * Every counted allowance is checked under the locked plan row: creations racing at the edge
 * of the quota stop at exactly the allowance (bots, channels with widgets counted, the Standard
 * knowledge base), with PLAN_LIMIT_REACHED naming the limit.
 */
describe("allowances under concurrency", () => {
  let testDatabase: TestDatabase;
  let services: AppServices;
  const owner = "allow-owner";
  const db = () => testDatabase.db;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    services = createConsoleTestApp(testDatabase).services;
    await db().insert(users).values({ id: owner, name: "Owner", email: "allow@example.com" });
  });
  afterEach(() => testDatabase.cleanup());

  async function setPlan(planId: string) {
    const values = { planId, status: "active" as const, trialEndsAt: null };
    await db()
      .insert(ownerPlans)
      .values({ ownerId: owner, ...values })
      .onConflictDoUpdate({ target: ownerPlans.ownerId, set: values });
  }

  /** `count` bots stored directly (no allowance in the way), for the channel and knowledge races. */
  async function seedBots(count: number): Promise<string[]> {
    const [persona] = await db()
      .insert(personas)
      .values({ ownerId: owner, name: "Mali", avatar: "🌸", role: "Support" } as never)
      .returning({ id: personas.id });
    const ids = Array.from({ length: count }, (_, i) => `allowbot${String(i).padStart(4, "0")}`);
    await db()
      .insert(bots)
      .values(ids.map((id) => ({ id, ownerId: owner, personaId: persona!.id, name: id })));
    return ids;
  }

  const limitOf = (result: PromiseSettledResult<unknown>) =>
    result.status === "rejected" && result.reason instanceof AppError
      ? (result.reason.fields?.limit ?? result.reason.fields?.plan)
      : result.status;

  it("creates exactly the plan's bots when 20 creations race", async () => {
    await setPlan("pro"); // 4 bots
    const persona = await services.console.personas.create(owner, {
      name: "Mali",
      avatar: "🌸",
      role: "Support",
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        services.console.bots.create(owner, { personaId: persona.id, name: `Bot ${i}` }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    expect(new Set(results.filter((r) => r.status === "rejected").map(limitOf))).toEqual(
      new Set(["bots"]),
    );
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(bots)
      .where(eq(bots.ownerId, owner));
    expect(Number(row?.n)).toBe(4);
  });

  it("connects exactly the plan's channels when 20 widgets and chat apps race", async () => {
    await setPlan("pro"); // 2 channels
    const ids = await seedBots(20);
    const results = await Promise.allSettled(
      ids.map((botId, i) =>
        i % 2 === 0
          ? services.channels.updateWidget(owner, botId, { enabled: true })
          : activateChannelConnection(db(), {
              ownerId: owner,
              botId,
              channel: "line",
              settings: {},
              secretsSealed: "sealed",
            }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect(new Set(results.filter((r) => r.status === "rejected").map(limitOf))).toEqual(
      new Set(["channels"]),
    );
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(channelConnections)
      .where(and(eq(channelConnections.ownerId, owner), eq(channelConnections.status, "active")));
    expect(Number(row?.n)).toBe(2);
    // A widget turned off frees its place; turning one on again counts again.
    const active = await db()
      .select({ botId: channelConnections.botId, channel: channelConnections.channel })
      .from(channelConnections)
      .where(eq(channelConnections.status, "active"));
    const widget = active.find((row) => row.channel === "widget");
    if (widget) {
      await services.channels.updateWidget(owner, widget.botId, { enabled: false });
      const other = ids.find((id) => !active.some((row) => row.botId === id))!;
      await services.channels.updateWidget(owner, other, { enabled: true });
      await expect(
        services.channels.updateWidget(owner, widget.botId, { enabled: true }),
      ).rejects.toMatchObject({ fields: { limit: "channels" } });
    }
  });

  it("holds the Standard knowledge base to its sources and bytes per workspace, under races", async () => {
    await setPlan("starter");
    const [first, second] = await seedBots(2);
    const add = (botId: string, title: string) =>
      services.console.knowledge.add(owner, botId, { kind: "text", title, text: "สวัสดี" });
    // Fillers on both bots: the cap is the workspace's.
    const fillers = knowledgeBaseStandard.sources - 5;
    await db()
      .insert(knowledgeSources)
      .values(
        Array.from({ length: fillers }, (_, i) => ({
          botId: i % 2 === 0 ? first! : second!,
          kind: "text" as const,
          title: `Filler ${i}`,
          byteSize: 10,
        })),
      );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => add(i % 2 === 0 ? first! : second!, `Race ${i}`)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { limit: "knowledgeBase", over: "sources" },
    });
    expect((await knowledgeBaseUsage(db(), owner)).sources).toBe(knowledgeBaseStandard.sources);

    // Bytes: room for 3 bytes, not for 18 (สวัสดี is 18 bytes in UTF-8).
    await db().delete(knowledgeSources);
    await db()
      .insert(knowledgeSources)
      .values({
        botId: first!,
        kind: "file",
        title: "Big",
        byteSize: knowledgeBaseStandard.bytes - 3,
      });
    await expect(add(first!, "Too big")).rejects.toMatchObject({
      fields: { limit: "knowledgeBase", over: "bytes" },
    });
    // Pro and above: unlimited.
    await setPlan("pro");
    await expect(add(first!, "Fits now")).resolves.toMatchObject({ title: "Fits now" });
  });
});
