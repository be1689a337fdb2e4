import { describe, expect, it } from "vitest";
import {
  createPaymentProvider,
  missingPaymentSettings,
  type PaymentProviderEnv,
} from "./create-payment-provider";

const base: PaymentProviderEnv = {
  BILLING_PROVIDER: "omise",
  OMISE_PUBLIC_KEY: undefined,
  OMISE_SECRET_KEY: undefined,
  OMISE_WEBHOOK_SECRET: undefined,
  OMISE_API_URL: "https://api.omise.co",
  OMISE_VAULT_URL: "https://vault.omise.co",
  STRIPE_PUBLISHABLE_KEY: undefined,
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  STRIPE_API_URL: "https://api.stripe.com",
};

describe("createPaymentProvider", () => {
  it("is null, naming what is missing, until the chosen provider's keys are all set", () => {
    expect(createPaymentProvider(base)).toBeNull();
    expect(missingPaymentSettings(base)).toEqual([
      "OMISE_PUBLIC_KEY",
      "OMISE_SECRET_KEY",
      "OMISE_WEBHOOK_SECRET",
    ]);
    const noWebhookSecret = {
      ...base,
      OMISE_PUBLIC_KEY: "pkey_test_1",
      OMISE_SECRET_KEY: "skey_test_1",
    };
    expect(createPaymentProvider(noWebhookSecret)).toBeNull();
    expect(missingPaymentSettings(noWebhookSecret)).toEqual(["OMISE_WEBHOOK_SECRET"]);
    // Stripe's keys do not set up Omise.
    expect(
      createPaymentProvider({
        ...base,
        STRIPE_PUBLISHABLE_KEY: "pk_test_1",
        STRIPE_SECRET_KEY: "sk_test_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
      }),
    ).toBeNull();
  });

  it("Omise by default, Stripe by BILLING_PROVIDER=stripe, each with its card form", () => {
    const omise = createPaymentProvider({
      ...base,
      OMISE_PUBLIC_KEY: "pkey_test_1",
      OMISE_SECRET_KEY: "skey_test_1",
      OMISE_WEBHOOK_SECRET: "c2VjcmV0",
    });
    expect(omise?.id).toBe("omise");
    expect(omise?.cardForm).toEqual({
      publicKey: "pkey_test_1",
      tokenizeUrl: "https://vault.omise.co/tokens",
    });
    const stripe = createPaymentProvider({
      ...base,
      BILLING_PROVIDER: "stripe",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    });
    expect(stripe?.id).toBe("stripe");
    expect(stripe?.cardForm).toEqual({
      publicKey: "pk_test_1",
      tokenizeUrl: "https://api.stripe.com/v1/payment_methods",
    });
    expect(JSON.stringify(stripe?.cardForm)).not.toContain("sk_test_1");
  });
});
