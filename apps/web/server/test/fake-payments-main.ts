// The fake Omise and the fake Stripe as their own process, for the browser tests
// (playwright.config.ts starts it and points the server's OMISE_* / STRIPE_* settings at it).
// Fixed keys (fake-payments-credentials.ts). Webhooks go to FAKE_PAYMENTS_WEBHOOK_BASE (the server
// under test, e.g. http://127.0.0.1:4173) + /api/webhooks/payments/{omise|stripe}. Tests drive
// the fakes over HTTP: POST {fake}/__control/pay/{chargeId} and the other controls.
import { startFakeOmise } from "./fake-omise";
import { e2eOmiseCredentials, e2eStripeCredentials } from "./fake-payments-credentials";
import { startFakeStripe } from "./fake-stripe";

const omise = await startFakeOmise({
  port: Number(process.env.FAKE_OMISE_PORT ?? 4379),
  ...e2eOmiseCredentials,
});
const stripe = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 4380),
  ...e2eStripeCredentials,
});
const webhookBase = process.env.FAKE_PAYMENTS_WEBHOOK_BASE?.replace(/\/+$/, "");
if (webhookBase) {
  omise.setWebhookUrl(`${webhookBase}/api/webhooks/payments/omise`);
  stripe.setWebhookUrl(`${webhookBase}/api/webhooks/payments/stripe`);
}
process.stdout.write(`fake Omise on ${omise.url}\nfake Stripe on ${stripe.url}\n`);
const stop = () => void Promise.all([omise.close(), stripe.close()]).then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
