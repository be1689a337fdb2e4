import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import { jsonBody, readJsonBody } from "../http/json-body";
import { receivePaymentWebhook } from "../modules/billing/billing-events";
import type { AppServices } from "../services/app-services";

const bodyLimitBytes = 16 * 1024;

/**
 * `/api/console/billing/*` (owners and admins; mounted in the console API: same-origin writes,
 * no caching). The card number never comes here: browsers tokenise it at the provider and
 * send the token.
 * - `GET /`: BillingOverviewDto;
 * - `POST /checkout` (CheckoutInput): BillingActionResultDto — card: charged now (402
 *   PAYMENT_FAILED with the reason when declined; `payment.authorizeUri` for 3-D Secure);
 *   PromptPay: a pending payment with its QR;
 * - `POST /change` (ChangePlanInput): an upgrade charged at once with proration, or a downgrade
 *   scheduled for the period end (403 PLAN_LIMIT_REACHED `downgrade` with what is over);
 * - `POST /cancel`, `POST /resume`: BillingOverviewDto;
 * - `PUT /card` ({cardToken}): BillingOverviewDto;
 * - `GET|PUT /profile` (BillingProfileDto; 422 with fields);
 * - `GET /payments/:id`: PaymentStatusDto (re-checked with the provider while pending);
 * - `GET /payments/:id/qr`: a pending PromptPay payment's QR image (fetched from the provider);
 * - `PUT /invoices/:id/withholding` ({withholds}): an open invoice paid with or without the
 *   buyer's 3% withholding (the expected amount follows; a QR for the old amount is withdrawn);
 * - `POST /invoices/:id/pay` ({method}): BillingActionResultDto.
 * Checkout, change, card and pay count against `billingLimits.paymentAttemptsPerHour` per
 * workspace (429 with Retry-After beyond it).
 * Invoices, their PDFs and withholding certificates: console-invoices.ts.
 */
export function createConsoleBillingApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  const billing = services.billing;
  const ownerOf = async (c: Context<AppEnv>) => ({
    ownerId: (await services.accounts.requireMember(c, "admin")).workspaceId,
  });
  const body = jsonBody(bodyLimitBytes);
  // Every attempt to pay counts, succeeded or not (card testing): 429 with Retry-After past it.
  const paying = async (c: Context<AppEnv>) => {
    const owner = await ownerOf(c);
    await services.rateLimits.payments.consume(owner.ownerId);
    return owner;
  };

  api.get("/", async (c) => c.json(await billing.overview((await ownerOf(c)).ownerId)));
  api.post("/checkout", body, async (c) => {
    const owner = await paying(c);
    return c.json(await billing.checkout(owner, await readJsonBody(c)));
  });
  api.post("/change", body, async (c) => {
    const owner = await paying(c);
    return c.json(await billing.changePlan(owner, await readJsonBody(c)));
  });
  api.post("/cancel", async (c) => c.json(await billing.cancel(await ownerOf(c))));
  api.post("/resume", async (c) => c.json(await billing.resume(await ownerOf(c))));
  api.put("/card", body, async (c) => {
    const owner = await paying(c);
    return c.json(await billing.updateCard(owner, await readJsonBody(c)));
  });
  api.get("/profile", async (c) => c.json(await billing.getProfile((await ownerOf(c)).ownerId)));
  api.put("/profile", body, async (c) => {
    const { ownerId } = await ownerOf(c);
    return c.json(await billing.putProfile(ownerId, await readJsonBody(c)));
  });
  api.get("/payments/:id", async (c) => {
    const owner = await ownerOf(c);
    return c.json(await billing.paymentStatus(owner, c.req.param("id")));
  });
  api.get("/payments/:id/qr", async (c) => {
    const owner = await ownerOf(c);
    const qr = await billing.paymentQr(owner, c.req.param("id"));
    // An SVG from elsewhere is shown as an image only: no scripts run in it from here.
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(qr.bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": qr.contentType });
  });
  api.put("/invoices/:id/withholding", body, async (c) => {
    const owner = await ownerOf(c);
    return c.json(await billing.setWithholding(owner, c.req.param("id"), await readJsonBody(c)));
  });
  api.post("/invoices/:id/pay", body, async (c) => {
    const owner = await paying(c);
    return c.json(await billing.payInvoice(owner, c.req.param("id"), await readJsonBody(c)));
  });
  return api;
}

/** Payment providers' webhooks are small; Omise's and Stripe's events are a few KB. */
export const paymentWebhookMaxBytes = 256 * 1024;

/**
 * `POST /api/webhooks/payments/:provider` (omise | stripe): verified over the raw body, stored,
 * 200 — processed by the billing events job. 401 bad signature, 404 a provider this server does
 * not use, 413 over 256 KB.
 */
export function createPaymentWebhooksApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  api.post(
    "/:provider",
    bodyLimit({ maxSize: paymentWebhookMaxBytes, onError: (c) => c.json({}, 413) }),
    async (c) => {
      const rawBody = await c.req.text();
      const outcome = await receivePaymentWebhook(
        {
          db: services.database.db,
          logger: services.logger,
          provider: services.billingProvider,
          onEventStored: services.onPaymentEventStored,
        },
        { providerId: c.req.param("provider"), rawBody, headers: c.req.raw.headers },
      );
      c.header("Cache-Control", "no-store");
      return c.json({}, outcome.status);
    },
  );
  return api;
}
