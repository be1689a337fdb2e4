import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";

describe("whether search engines may index a bot's page", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  it("is off until the owner turns it on", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const owner = await signInOwner(testApp, testDatabase, "index@example.com");
    const persona = await owner.request("POST", "/api/console/personas", { name: "Mali" });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Shop",
    });
    expect(bot.body.indexable).toBe(false);
    const publicBot = async () =>
      (await (await testApp.app.request(`/api/bots/${bot.body.id}`)).json()) as {
        indexable: boolean;
        poweredBy: boolean;
      };
    expect(await publicBot()).toMatchObject({ indexable: false, poweredBy: true });

    const on = await owner.request("PATCH", `/api/console/bots/${bot.body.id}`, {
      indexable: true,
    });
    expect(on.body.indexable).toBe(true);
    expect((await publicBot()).indexable).toBe(true);
    const bad = await owner.request("PATCH", `/api/console/bots/${bot.body.id}`, {
      indexable: "yes",
    });
    expect(bad.status).toBe(422);
  });
});
