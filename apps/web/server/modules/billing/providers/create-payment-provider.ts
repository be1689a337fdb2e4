import type { Env } from "../../../env";
import { createOmiseProvider } from "./omise";
import type { PaymentProvider } from "./payment-provider";
import { createStripeProvider } from "./stripe";

export type PaymentProviderEnv = Pick<
  Env,
  | "BILLING_PROVIDER"
  | "OMISE_PUBLIC_KEY"
  | "OMISE_SECRET_KEY"
  | "OMISE_WEBHOOK_SECRET"
  | "OMISE_API_URL"
  | "OMISE_VAULT_URL"
  | "STRIPE_PUBLISHABLE_KEY"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_URL"
>;

/**
 * The settings the configured provider still needs (names only, never values): empty when
 * online payment is set up. For a start-up log line and the billing page's "not set up" notice.
 */
export function missingPaymentSettings(env: PaymentProviderEnv): string[] {
  const required: [string, string | undefined][] =
    env.BILLING_PROVIDER === "stripe"
      ? [
          ["STRIPE_PUBLISHABLE_KEY", env.STRIPE_PUBLISHABLE_KEY],
          ["STRIPE_SECRET_KEY", env.STRIPE_SECRET_KEY],
          ["STRIPE_WEBHOOK_SECRET", env.STRIPE_WEBHOOK_SECRET],
        ]
      : [
          ["OMISE_PUBLIC_KEY", env.OMISE_PUBLIC_KEY],
          ["OMISE_SECRET_KEY", env.OMISE_SECRET_KEY],
          ["OMISE_WEBHOOK_SECRET", env.OMISE_WEBHOOK_SECRET],
        ];
  return required.filter(([, value]) => !value).map(([name]) => name);
}

/**
 * The payment provider the settings name (Omise / Opn Payments unless BILLING_PROVIDER=stripe),
 * or null when its keys or webhook secret are not all set: the billing page then shows the plans
 * and says online payment is not set up. Without the webhook secret a PromptPay payment could
 * never be confirmed, so it counts as not set up too.
 */
export function createPaymentProvider(
  env: PaymentProviderEnv,
  options: { fetch?: typeof fetch } = {},
): PaymentProvider | null {
  if (missingPaymentSettings(env).length > 0) return null;
  if (env.BILLING_PROVIDER === "stripe") {
    return createStripeProvider({
      publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
      secretKey: env.STRIPE_SECRET_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      apiUrl: env.STRIPE_API_URL,
    });
  }
  return createOmiseProvider({
    publicKey: env.OMISE_PUBLIC_KEY as string,
    secretKey: env.OMISE_SECRET_KEY as string,
    webhookSecret: env.OMISE_WEBHOOK_SECRET as string,
    apiUrl: env.OMISE_API_URL,
    vaultUrl: env.OMISE_VAULT_URL,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
