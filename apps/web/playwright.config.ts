import { defineConfig, devices } from "@playwright/test";
import { fakeLinePort } from "./server/test/fake-line-credentials";
import { fakeLlmPort } from "./server/test/fake-llm-credentials";
import { fakeMetaPort } from "./server/test/fake-meta-credentials";
import {
  e2eOmiseCredentials,
  e2eStripeCredentials,
  fakeOmisePort,
  fakeStripePort,
} from "./server/test/fake-payments-credentials";
import { fakeTiktokPort } from "./server/test/fake-tiktok-credentials";

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
// A fake Graph API (server/test/fake-meta-main.ts) and a fake TikTok Business API
// (server/test/fake-tiktok-main.ts): Messenger, Instagram and TikTok connect against them.
const metaUrl = `http://127.0.0.1:${fakeMetaPort(port)}`;
const tiktokUrl = `http://127.0.0.1:${fakeTiktokPort(port)}`;
// A fake Omise and a fake Stripe (server/test/fake-payments-main.ts): the servers take payments
// through Omise (the default); the fakes post their webhooks to the first server.
const omiseUrl = `http://127.0.0.1:${fakeOmisePort(port)}`;
const stripeUrl = `http://127.0.0.1:${fakeStripePort(port)}`;

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
      META_GRAPH_API_BASE_URL: metaUrl,
      TIKTOK_API_BASE_URL: tiktokUrl,
      OMISE_PUBLIC_KEY: e2eOmiseCredentials.publicKey,
      OMISE_SECRET_KEY: e2eOmiseCredentials.secretKey,
      OMISE_WEBHOOK_SECRET: e2eOmiseCredentials.webhookSecret,
      OMISE_API_URL: omiseUrl,
      OMISE_VAULT_URL: omiseUrl,
      STRIPE_PUBLISHABLE_KEY: e2eStripeCredentials.publishableKey,
      STRIPE_SECRET_KEY: e2eStripeCredentials.secretKey,
      STRIPE_WEBHOOK_SECRET: e2eStripeCredentials.webhookSecret,
      STRIPE_API_URL: stripeUrl,
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
  // Generous bounds: on a loaded two-core machine a step that takes 0.2 s alone once waited 5 s
  // for the CPU (a LINE connect's revalidation, CI of e7c875e); a passing test never waits them out.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
    {
      command: "npx tsx server/test/fake-meta-main.ts",
      url: `${metaUrl}/health`,
      env: { FAKE_META_PORT: String(fakeMetaPort(port)) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    },
    {
      command: "npx tsx server/test/fake-tiktok-main.ts",
      url: `${tiktokUrl}/health`,
      env: { FAKE_TIKTOK_PORT: String(fakeTiktokPort(port)) },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    },
    {
      command: "npx tsx server/test/fake-payments-main.ts",
      url: `${omiseUrl}/health`,
      env: {
        FAKE_OMISE_PORT: String(fakeOmisePort(port)),
        FAKE_STRIPE_PORT: String(fakeStripePort(port)),
        FAKE_PAYMENTS_WEBHOOK_BASE: `http://127.0.0.1:${port}`,
      },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe" as const,
      stderr: "pipe" as const,
    },
    e2eServer(port),
    ...(hasPostgres ? [e2eServer(postgresPort, { E2E_DATABASE: "postgres" })] : []),
  ],
});
