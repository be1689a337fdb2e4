// Prints how long test databases take to create, to keep test-database.ts honest.
//   npx tsx packages/db/scripts/measure-test-database.ts [--cold]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx packages/db/scripts/measure-test-database.ts
import { existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { createDatabaseFromClient } from "../src/create-database-from-client.ts";
import { migrate } from "../src/migrate.ts";
import {
  createPostgresTemplate,
  createTestDatabase,
  templateCacheDir,
} from "../src/test-database.ts";

const runs = 10;

async function time<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

function report(label: string, milliseconds: number[]): void {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const spread =
    sorted.length > 1
      ? ` (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)}, n=${sorted.length})`
      : "";
  console.log(`${label.padEnd(72)} ${median.toFixed(0).padStart(6)} ms${spread}`);
}

// Baseline: what every test would pay without a template.
const [client, fresh] = await time(async () => {
  const pglite = new PGlite();
  await pglite.waitReady;
  return pglite;
});
report("new in-memory PGlite (initdb)", [fresh]);
const database = createDatabaseFromClient({ kind: "pglite", client });
report("migrate, empty PGlite", [(await time(() => migrate(database)))[1]]);
report("migrate again (nothing to do), PGlite", [(await time(() => migrate(database)))[1]]);
await database.close();

process.env.JAI_TEST_DB = "pglite";
// --cold: as on a fresh machine or after a migration change, the template must be built.
if (process.argv.includes("--cold")) await rm(templateCacheDir, { recursive: true, force: true });
const isCached = existsSync(templateCacheDir) && readdirSync(templateCacheDir).length > 0;
const [first, firstTime] = await time(() => createTestDatabase());
await first.cleanup();
report(
  `createTestDatabase, PGlite, first in process (${isCached ? "template on disk" : "builds template"})`,
  [firstTime],
);

const warm: number[] = [];
const cleanups: number[] = [];
for (let run = 0; run < runs; run++) {
  const [testDatabase, created] = await time(() => createTestDatabase());
  warm.push(created);
  cleanups.push((await time(() => testDatabase.cleanup()))[1]);
}
report("createTestDatabase, PGlite, template in memory", warm);
report("cleanup, PGlite", cleanups);

const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  process.env.JAI_TEST_DB = "postgres";
  const created: number[] = [];
  const dropped: number[] = [];
  for (let run = 0; run < runs; run++) {
    const [testDatabase, creation] = await time(() => createTestDatabase());
    created.push(creation);
    dropped.push((await time(() => testDatabase.cleanup()))[1]);
  }
  report("createTestDatabase, PostgreSQL (create db + migrate)", created);
  report("cleanup, PostgreSQL (drop db)", dropped);
  // As under vitest, whose global setup makes the template (scripts/test/postgres-template.ts).
  const [template, templateTime] = await time(() => createPostgresTemplate(serverUrl));
  report("createPostgresTemplate (once per run)", [templateTime]);
  process.env.JAI_TEST_TEMPLATE_DATABASE = template.name;
  const copied: number[] = [];
  for (let run = 0; run < runs; run++) {
    const [testDatabase, creation] = await time(() => createTestDatabase());
    copied.push(creation);
    await testDatabase.cleanup();
  }
  delete process.env.JAI_TEST_TEMPLATE_DATABASE;
  await template.drop();
  report("createTestDatabase, PostgreSQL (copy of the template)", copied);
  const [empty] = await time(() => createTestDatabase({ migrate: false }));
  report("migrate, empty PostgreSQL database", [(await time(() => migrate(empty.database)))[1]]);
  await empty.cleanup();
}
