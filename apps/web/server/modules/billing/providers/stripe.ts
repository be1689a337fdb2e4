import type { CardSummary, PromptPayQr } from "@jai/contracts/billing";
import Stripe from "stripe";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCharge,
  type ProviderChargeStatus,
  type ProviderEvent,
} from "./payment-provider";

/**
 * Stripe (by configuration, BILLING_PROVIDER=stripe), through Stripe's own SDK pointed at
 * `apiUrl` (host, port and protocol parsed from it, so a local fake works):
 *
 * - a customer gets the browser's PaymentMethod (`pm_…`, tokenised with the publishable key)
 *   attached and set as `invoice_settings.default_payment_method`;
 * - a card charge is a PaymentIntent confirmed at once: `off_session` for renewals, with
 *   `return_url` at checkout (`requires_action` → pending, `next_action.redirect_to_url.url` is
 *   where the payer authenticates); a decline (StripeCardError) is a failed charge, not an error;
 * - PromptPay (Thai Stripe accounts only) is a PaymentIntent with `allowed_payment_method_types:
 *   ["promptpay"]` (the SDK's pinned API version, 2026-10-28, names it so; older versions called
 *   it `payment_method_types`), confirmed → `next_action.promptpay_display_qr_code` (EMVCo `data`, a PNG);
 *   Stripe gives no expiry on the QR, so it is taken as 60 minutes from the intent's creation;
 * - the "charge" Jai keeps is the PaymentIntent's id (`pi_…`): refunds and webhooks name it;
 * - webhooks: `stripe.webhooks.constructEvent` (Stripe-Signature, its default 300 s tolerance);
 * - errors: rate limit, connection, 5xx → "unavailable"; authentication / permission → "auth";
 *   invalid request / idempotency → "invalid"; a card error outside a PaymentIntent → "declined".
 */
export type StripeProviderOptions = {
  /** pk_…: given to browsers to tokenise cards. */
  publishableKey: string;
  /** sk_…: a secret. */
  secretKey: string;
  /** whsec_…: a secret. */
  webhookSecret: string;
  /** https://api.stripe.com (or a fake's URL), no trailing slash. */
  apiUrl: string;
};

const timeoutMs = 10_000;
const promptPayLifetimeMs = 60 * 60_000;

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const api = new URL(options.apiUrl);
  const protocol = api.protocol === "http:" ? "http" : "https";
  const stripe = new Stripe(options.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: timeoutMs,
    telemetry: false,
  });

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toProviderError(error);
    }
  }

  const retrieveCard = async (paymentMethodId: string): Promise<CardSummary> =>
    toCardSummary(await stripe.paymentMethods.retrieve(paymentMethodId));

  return {
    id: "stripe",
    cardForm: {
      publicKey: options.publishableKey,
      tokenizeUrl: `${options.apiUrl}/v1/payment_methods`,
    },

    createCustomer: ({ ownerId, email, cardToken, idempotencyKey }) =>
      guarded(async () => {
        const customer = await stripe.customers.create(
          {
            email,
            description: `Jai workspace ${ownerId}`,
            metadata: { ownerId },
            payment_method: cardToken,
            invoice_settings: { default_payment_method: cardToken },
          },
          { idempotencyKey },
        );
        return { customerId: customer.id, card: await retrieveCard(cardToken) };
      }),

    replaceCard: ({ customerId, cardToken, idempotencyKey }) =>
      guarded(async () => {
        const paymentMethod = await stripe.paymentMethods.attach(
          cardToken,
          { customer: customerId },
          { idempotencyKey: `${idempotencyKey}:attach` },
        );
        await stripe.customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethod.id } },
          { idempotencyKey: `${idempotencyKey}:default` },
        );
        return toCardSummary(paymentMethod);
      }),

    chargeCard: ({ customerId, amountSatang, description, metadata, returnUri, idempotencyKey }) =>
      guarded(async () => {
        const customer = await stripe.customers.retrieve(customerId);
        if (customer.deleted) {
          throw new PaymentProviderError("invalid", "the Stripe customer was deleted");
        }
        const method = customer.invoice_settings?.default_payment_method;
        const paymentMethodId = typeof method === "string" ? method : method?.id;
        if (!paymentMethodId) {
          throw new PaymentProviderError("invalid", "the Stripe customer has no default card");
        }
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount: amountSatang,
              currency: "thb",
              customer: customerId,
              payment_method: paymentMethodId,
              allowed_payment_method_types: ["card"],
              confirm: true,
              description,
              metadata,
              ...(returnUri ? { return_url: returnUri } : { off_session: true }),
            },
            { idempotencyKey },
          );
          return toProviderCharge(intent);
        } catch (error) {
          // A decline: Stripe answers 402 with the PaymentIntent, now carrying the reason.
          if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
            return toProviderCharge(error.payment_intent);
          }
          throw error;
        }
      }),

    createPromptPayCharge: ({ amountSatang, description, metadata, email, idempotencyKey }) =>
      guarded(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountSatang,
            currency: "thb",
            allowed_payment_method_types: ["promptpay"],
            payment_method_data: { type: "promptpay", billing_details: { email } },
            confirm: true,
            description,
            metadata,
          },
          { idempotencyKey },
        );
        const qr = intent.next_action?.promptpay_display_qr_code;
        if (!qr) {
          throw new PaymentProviderError(
            "invalid",
            `Stripe gave no PromptPay QR (payment intent ${intent.status})`,
          );
        }
        const stated = (qr as { expires_at?: number | null }).expires_at;
        const promptPay: PromptPayQr = {
          imageUrl: qr.image_url_png ?? null,
          payload: qr.data ?? null,
          expiresAt: new Date(
            stated ? stated * 1000 : intent.created * 1000 + promptPayLifetimeMs,
          ).toISOString(),
        };
        return { ...toProviderCharge(intent), promptPay };
      }),

    retrieveCharge: (chargeId) =>
      guarded(async () =>
        toProviderCharge(
          await stripe.paymentIntents.retrieve(chargeId, { expand: ["latest_charge"] }),
        ),
      ),

    refund: ({ chargeId, amountSatang, idempotencyKey }) =>
      guarded(async () => {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeId, amount: amountSatang },
          { idempotencyKey },
        );
        return { refundId: refund.id };
      }),

    verifyWebhook(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) {
        throw new PaymentProviderError("signature", "the webhook has no Stripe-Signature");
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new PaymentProviderError(
            "signature",
            /tolerance/i.test(error.message)
              ? "the webhook's signature timestamp is outside the tolerance (a replay?)"
              : "the webhook's Stripe signature does not match",
          );
        }
        throw new PaymentProviderError("invalid", "the webhook is not a Stripe event");
      }
      return toProviderEvent(event);
    },
  };
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data?.object as { object?: string; id?: string; payment_intent?: unknown };
  let kind: ProviderEvent["kind"] = "other";
  let chargeId = object?.object === "payment_intent" && object.id ? object.id : null;
  switch (event.type) {
    case "payment_intent.succeeded":
      kind = "charge.succeeded";
      break;
    case "payment_intent.payment_failed":
      kind = "charge.failed";
      break;
    case "payment_intent.canceled":
      kind = "charge.expired";
      break;
    case "charge.refunded": {
      kind = "charge.refunded";
      const intent = object?.payment_intent;
      chargeId =
        typeof intent === "string" ? intent : ((intent as { id?: string } | null)?.id ?? null);
      break;
    }
  }
  return {
    id: event.id,
    kind,
    type: event.type,
    chargeId,
    createdAt: new Date(event.created * 1000),
    payload: event,
  };
}

export function toProviderCharge(intent: Stripe.PaymentIntent): ProviderCharge {
  let status: ProviderChargeStatus;
  const lastError = intent.last_payment_error;
  switch (intent.status) {
    case "succeeded": {
      const charge = intent.latest_charge;
      status = typeof charge === "object" && charge?.refunded ? "refunded" : "succeeded";
      break;
    }
    case "canceled":
      status = "expired";
      break;
    case "requires_payment_method":
      status = lastError ? "failed" : "pending";
      break;
    default:
      status = "pending";
  }
  const redirect = intent.next_action?.redirect_to_url?.url ?? null;
  return {
    chargeId: intent.id,
    status,
    amountSatang: intent.amount,
    metadata: { ...(intent.metadata ?? {}) },
    failureCode:
      status === "failed" ? (lastError?.decline_code ?? lastError?.code ?? "card_declined") : null,
    failureMessage: status === "failed" ? (lastError?.message ?? null) : null,
    authorizeUri: status === "pending" && intent.status === "requires_action" ? redirect : null,
  };
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "MasterCard",
  jcb: "JCB",
  amex: "American Express",
  unionpay: "UnionPay",
  diners: "Diners Club",
  discover: "Discover",
};

function toCardSummary(paymentMethod: Stripe.PaymentMethod): CardSummary {
  const card = paymentMethod.card;
  if (!card) throw new PaymentProviderError("invalid", "the payment method is not a card");
  return {
    brand: brandNames[card.brand] ?? card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const errors = Stripe.errors;
  if (!(error instanceof errors.StripeError)) {
    return new PaymentProviderError("unavailable", "Stripe could not be reached");
  }
  const status = error.statusCode;
  const details = { ...(error.code ? { code: error.code } : {}), ...(status ? { status } : {}) };
  const message = `Stripe: ${status ?? "no answer"} ${error.message}`;
  if (error instanceof errors.StripeRateLimitError) {
    const retryAfter = Number(error.headers?.["retry-after"]);
    return new PaymentProviderError("unavailable", message, {
      ...details,
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
    });
  }
  if (error instanceof errors.StripeConnectionError) {
    return new PaymentProviderError("unavailable", "Stripe could not be reached or timed out");
  }
  if (
    error instanceof errors.StripeAuthenticationError ||
    error instanceof errors.StripePermissionError
  ) {
    return new PaymentProviderError("auth", message, details);
  }
  if (error instanceof errors.StripeCardError) {
    return new PaymentProviderError("declined", message, {
      ...details,
      code: error.decline_code ?? error.code,
    });
  }
  if (
    error instanceof errors.StripeInvalidRequestError ||
    error instanceof errors.StripeIdempotencyError
  ) {
    return new PaymentProviderError("invalid", message, details);
  }
  return new PaymentProviderError("unavailable", message, details);
}
