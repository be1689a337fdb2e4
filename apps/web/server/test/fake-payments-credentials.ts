/**
 * The keys of the fake Omise and fake Stripe the browser tests run against
 * (fake-payments-main.ts): the servers under test get them as OMISE_* / STRIPE_* settings.
 * Test keys of fakes, not secrets.
 */
export const e2eOmiseCredentials = {
  publicKey: "pkey_test_e2e0000000000000000",
  secretKey: "skey_test_e2e0000000000000000",
  /** Base64, as Omise's dashboard shows a webhook secret. */
  webhookSecret: Buffer.from("e2e-omise-webhook-secret-0123456789").toString("base64"),
};

export const e2eStripeCredentials = {
  publishableKey: "pk_test_e2e000000000000000000000",
  secretKey: "sk_test_e2e000000000000000000000",
  webhookSecret: "whsec_e2e0000000000000000000000000",
};

/** Where playwright.config.ts starts the fakes, next to the servers under test. */
export const fakeOmisePort = (e2ePort: number) => e2ePort + 206;
export const fakeStripePort = (e2ePort: number) => e2ePort + 207;
