import { defineConfig, devices } from "@playwright/test";
import { fakeLinePort } from "./server/test/fake-line-credentials";
import { fakeLlmPort } from "./server/test/fake-llm-credentials";

const port = Number(process.env.E2E_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// With a PostgreSQL server for tests (CI sets TEST_DATABASE_URL), the owner journey also runs
// against a second server on a fresh PostgreSQL database: the rest of the suite stays on the
// embedded one, which keeps the run short.
const postgresPort = port + 1;
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
// A fake LINE API (server/test/fake-line.ts) the servers' LINE calls go to.
const lineUrl = `http://127.0.0.1:${fakeLinePort(port)}`;
// A fake OpenAI-compatible API (server/test/fake-llm-main.ts): keys saved in the console are
// checked against it.
const llmUrl = `http://127.0.0.1:${fakeLlmPort(port)}/v1`;

/** The production server (scripts/e2e-server.mjs) on `serverPort`. */
function e2eServer(serverPort: number, env: Record<string, string> = {}) {
  return {
    command: "node ../../scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${serverPort}/api/ready`,
    env: {
      PORT: String(serverPort),
      LINE_API_BASE_URL: lineUrl,
      LINE_DATA_API_BASE_URL: lineUrl,
      OPENAI_BASE_URL: llmUrl,
      ...env,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // SIGTERM rather than SIGKILL, so the script removes its data directory and database.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
  };
}

// Browser tests run against the production build served by the real server (npm test builds
// first). Debian's chromium is used: nothing downloads a browser.
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  // A stray `test.only` would silently run one test and call the suite green.
  forbidOnly: true,
  // CI retries a failed test once, so its report tells a flake from a steady failure; a test that
  // passed only on its retry still fails the run (scripts/test.mjs lists it by name).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /mobile\.spec\.ts/,
    },
    ...(hasPostgres
      ? [
          {
            name: "postgres",
            use: {
              ...devices["Desktop Chrome"],
              channel: undefined,
              baseURL: `http://127.0.0.1:${postgresPort}`,
            },
            // The owner journey: sign up, build a persona and a bot, chat, find the conversation.
            testMatch: /console\.spec\.ts/,
            grep: /owner console \(en\) persona → bot → chat/,
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: "npx tsx server/test/fake-line-main.ts",
      url: `${lineUrl}/health`,
      env: { FAKE_LINE_PORT: String(fakeLinePort(port)) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    },
    {
      command: "npx tsx server/test/fake-llm-main.ts",
      url: `${llmUrl}/models`,
      env: { FAKE_LLM_PORT: String(fakeLlmPort(port)) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    },
    e2eServer(port),
    ...(hasPostgres ? [e2eServer(postgresPort, { E2E_DATABASE: "postgres" })] : []),
  ],
});
