import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests that touch a database are named `*.db.test.ts`. They run on in-memory PGlite in the
// "unit" project and, when TEST_DATABASE_URL names a real PostgreSQL, a second time against it.
const postgresUrl = process.env.TEST_DATABASE_URL;
const alias = [
  { find: "~", replacement: fileURLToPath(new URL("./apps/web/app", import.meta.url)) },
  // better-auth's drizzle adapter imports drizzle-orm, which npm installed only under
  // packages/db; the adapter is inlined (below) so that it gets that same copy.
  {
    find: /^drizzle-orm$/,
    replacement: fileURLToPath(
      new URL("./packages/db/node_modules/drizzle-orm/index.js", import.meta.url),
    ),
  },
];
// The modules that import drizzle-orm from inside better-auth: transformed by Vite so the alias
// applies to them.
const server = {
  deps: {
    inline: [
      /better-auth[\\/]dist[\\/]adapters[\\/]drizzle-adapter/,
      /@better-auth[\\/]drizzle-adapter/,
    ],
  },
};
const setupFiles = [
  fileURLToPath(new URL("./scripts/test/fail-on-console-error.ts", import.meta.url)),
];
// A stray `.only` would silently run one test and call the suite green: refused everywhere, not
// only in CI (Vitest's default). Set in each project: a project does not inherit it from the root.
const allowOnly = false;
// The first test database of a run builds a PGlite template (seconds on a busy machine). Set in
// each project too: a project inherits none of the root's test options.
const hookTimeout = 60_000;
// Three workers share CI's two cores with PostgreSQL and the fakes: a database test that takes
// 1–2 s alone took up to 5 s there (Vitest's default timeout) and failed for it. A test that
// hangs still fails, later; the suite's time is the passing tests', not this bound.
const testTimeout = 20_000;

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's two cores, which
    // then waits on PostgreSQL, the fakes, timers and the network much of the time. One more
    // worker than cores keeps both busy: the whole suite took 1,054 s with one worker, 722 s with
    // two and 492 s with three on this two-core machine (bench/README.md, "Test suite time").
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          server,
          include: [
            "packages/**/*.test.ts",
            "apps/web/{app,server}/**/*.test.{ts,tsx}",
            "bench/**/*.test.ts",
          ],
          setupFiles,
          allowOnly,
          hookTimeout,
          testTimeout,
          env: { JAI_TEST_DB: "pglite" },
        },
      },
      ...(postgresUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                server,
                include: ["packages/**/*.db.test.ts", "apps/web/server/**/*.db.test.ts"],
                setupFiles,
                allowOnly,
                hookTimeout,
                testTimeout,
                env: { JAI_TEST_DB: "postgres" },
                // Each test copies a migrated template database made once per run.
                globalSetup: [
                  fileURLToPath(new URL("./scripts/test/postgres-template.ts", import.meta.url)),
                ],
              },
            },
          ]
        : []),
    ],
  },
});
