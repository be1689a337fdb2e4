import type { LineEndpoints } from "@jai/channels/line/index";
import type { MetaEndpoints } from "@jai/channels/meta/types";
import type { TiktokEndpoints } from "@jai/channels/tiktok/index";
import type { InvoiceSeller } from "@jai/contracts/billing";
import type { TestDatabase } from "@jai/db/test-database";
import { createEngine, type EngineConfig } from "@jai/engine";
import { createApp } from "../app";
import {
  createTestBrowser,
  linkIn,
  listAuthEmails,
  type TestResponse,
} from "../auth/test/auth-test-client";
import type { PaymentProvider } from "../modules/billing/providers/payment-provider";
import type { SheetsConfig } from "../modules/sheets/sheets-worker";
import { createAppServices } from "../services/app-services";
import { createMemoryLogger } from "./memory-logger";

export const testPublicUrl = "http://localhost:3000";
/** The seller on test invoices (a checksum-valid tax id). */
export const testSeller: InvoiceSeller = {
  name: "บริษัท ใจ แพลตฟอร์ม จำกัด",
  nameEn: "Jai Platform Co., Ltd.",
  address: "999/9 ถนนพระรามที่ 4 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330",
  addressEn: "999/9 Rama IV Road, Pathum Wan, Bangkok 10330",
  taxId: "0105566000010",
  branch: "00000",
};
export const testSecretKey = "test-secret-key-0123456789abcdef-0123456789";
const password = "correct horse battery";

/** The real app (createApp) and its services on a test database, as main.ts builds them. */
export function createConsoleTestApp(
  testDatabase: TestDatabase,
  options: {
    engine?: EngineConfig;
    publicApiRateLimit?: number;
    allowPrivateWebhooks?: boolean;
    /** Where LINE calls go: a fake LINE (test/fake-line.ts). */
    line?: LineEndpoints;
    lineReplyTokenMaxAgeMs?: number;
    /** Where Graph API calls go: a fake Meta (test/fake-meta.ts). */
    meta?: MetaEndpoints;
    /** Where TikTok calls go: a fake TikTok (test/fake-tiktok.ts). */
    tiktok?: TiktokEndpoints;
    /** Google Sheets' service account and endpoints: a fake (test/fake-google-sheets.ts). */
    sheets?: SheetsConfig;
    /** A payment provider pointed at a fake (test/fake-omise.ts, test/fake-stripe.ts). */
    billing?: { provider: PaymentProvider | null; onPaymentEventStored?: () => void };
  } = {},
) {
  const log = createMemoryLogger();
  const services = createAppServices({
    database: testDatabase.database,
    logger: log.logger,
    secretKey: testSecretKey,
    contactTo: "team@example.com",
    publicUrl: testPublicUrl,
    publicApiRateLimit: options.publicApiRateLimit,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
    ...(options.line ? { lineEndpoints: options.line } : {}),
    lineReplyTokenMaxAgeMs: options.lineReplyTokenMaxAgeMs,
    ...(options.meta ? { metaEndpoints: options.meta } : {}),
    ...(options.tiktok ? { tiktokEndpoints: options.tiktok } : {}),
    sheets: options.sheets,
    ...(options.billing
      ? {
          billing: {
            provider: options.billing.provider,
            seller: testSeller,
            onPaymentEventStored: options.billing.onPaymentEventStored,
          },
        }
      : {}),
    authLimits: { clientAttempts: 1000, emailsPerClient: 1000 },
    // The padding of sign-up answers has its own tests (auth/accounts.db.test.ts).
    authMinimumEmailResponseMs: 0,
    chat: {
      engine: createEngine({
        local: { wordDelayMs: 0 },
        resilience: { maxRetries: 0, retryBaseDelayMs: 1 },
        ...options.engine,
      }),
      // Its providers' settings are the ones provider keys are checked with before a save.
      engineConfig: options.engine,
      // Without configured providers (a fake LLM server), nothing may call a real one: keys
      // saved in the console are then accepted unchecked.
      ...(options.engine?.providers
        ? {}
        : { checkProviderKey: async () => ({ ok: true as const }) }),
      rateLimits: { visitor: 1000, client: 1000, bot: 1000 },
    },
  });
  const app = createApp({
    services,
    handleDocument: async () => new Response("page", { headers: { "Content-Type": "text/html" } }),
    logger: log.logger,
    isHttps: false,
    publicUrl: testPublicUrl,
  });
  return { app, services, log };
}

export type ConsoleTestApp = ReturnType<typeof createConsoleTestApp>;

export type OwnerClient = {
  ownerId: string;
  email: string;
  /** A same-origin request with the owner's session cookie (JSON body when one is given). */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
  /** The raw response (for streamed bodies). */
  fetch(method: string, path: string, init?: RequestInit): Promise<Response>;
};

/** Signs an owner up, verifies the address and signs in, through /api/auth like a browser. */
export async function signInOwner(
  { app }: ConsoleTestApp,
  testDatabase: TestDatabase,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<OwnerClient> {
  const browser = createTestBrowser(app);
  const signedUp = await browser.post("/api/auth/sign-up/email", {
    name: "Test Owner",
    email,
    password,
    ...extra,
  });
  if (signedUp.status !== 200) throw new Error(`sign-up: ${JSON.stringify(signedUp.body)}`);
  const emails = await listAuthEmails(testDatabase.db, email);
  const link = linkIn(emails.at(-1)!.textBody);
  await browser.get(`/api/auth/verify-email?token=${link.searchParams.get("token")}`);
  const signedIn = await browser.post("/api/auth/sign-in/email", { email, password });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${JSON.stringify(signedIn.body)}`);
  const ownerId = String(signedIn.body.user.id);
  const cookie = () => [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");

  const fetch = async (method: string, path: string, init: RequestInit = {}) =>
    app.request(`${testPublicUrl}${path}`, {
      ...init,
      method,
      headers: { Origin: testPublicUrl, Cookie: cookie(), ...(init.headers ?? {}) },
    });
  return {
    ownerId,
    email,
    fetch,
    async request(method, path, body, headers = {}) {
      const response = await fetch(method, path, {
        headers: {
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text
      }
      return {
        status: response.status,
        headers: response.headers,
        body: parsed,
        setCookies: response.headers.getSetCookie(),
      };
    },
  };
}
