import type { CardSummary, PaymentProviderId, PromptPayQr } from "@jai/contracts/billing";

/**
 * One interface over the payment providers (Omise / Opn Payments by default, Stripe by
 * configuration). Amounts in satang, currency THB. Every call that creates something takes an
 * idempotency key, so a retried request never charges twice. Errors are `PaymentProviderError`.
 */
export type PaymentProvider = {
  readonly id: PaymentProviderId;
  /** For the browser's card form: where and with which publishable key it tokenises a card. */
  readonly cardForm: { publicKey: string; tokenizeUrl: string };

  /** A customer with the card of `cardToken` saved as its default (for renewals). */
  createCustomer(input: {
    ownerId: string;
    email: string;
    cardToken: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string; card: CardSummary }>;
  /** Replaces the customer's default card. */
  replaceCard(input: {
    customerId: string;
    cardToken: string;
    idempotencyKey: string;
  }): Promise<CardSummary>;

  /** Charges the customer's default card now (off-session for renewals). */
  chargeCard(input: {
    customerId: string;
    amountSatang: number;
    description: string;
    /** Jai's ids, echoed back on the charge and its events (invoice id, owner id). */
    metadata: Record<string, string>;
    /** Where the payer comes back after 3-D Secure (checkout only; null for renewals). */
    returnUri: string | null;
    idempotencyKey: string;
  }): Promise<ProviderCharge>;

  /** A PromptPay charge: pending until the payer scans the QR and the provider's webhook says so. */
  createPromptPayCharge(input: {
    amountSatang: number;
    description: string;
    metadata: Record<string, string>;
    email: string;
    idempotencyKey: string;
  }): Promise<ProviderCharge & { promptPay: PromptPayQr }>;

  /** The charge as the provider has it now (webhooks are re-checked against this). */
  retrieveCharge(chargeId: string): Promise<ProviderCharge>;

  refund(input: {
    chargeId: string;
    amountSatang: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;

  /**
   * Checks a webhook's signature over the raw body (constant time, timestamp tolerance where
   * the provider signs one) and parses it. Throws `PaymentProviderError` kind "signature".
   */
  verifyWebhook(rawBody: string, headers: Headers): ProviderEvent;
};

export type ProviderChargeStatus = "pending" | "succeeded" | "failed" | "expired" | "refunded";

export type ProviderCharge = {
  chargeId: string;
  status: ProviderChargeStatus;
  amountSatang: number;
  metadata: Record<string, string>;
  /** A failed charge's reason: the provider's code (e.g. "insufficient_fund") and its words. */
  failureCode: string | null;
  failureMessage: string | null;
  /** A card charge waiting for 3-D Secure: the bank's page to send the payer to. */
  authorizeUri: string | null;
};

/** A verified webhook event, in neutral terms. */
export type ProviderEvent = {
  /** The provider's event id: stored unique, so a replay changes nothing. */
  id: string;
  /** What happened to which charge; "other" events are stored and ignored. */
  kind: "charge.succeeded" | "charge.failed" | "charge.expired" | "charge.refunded" | "other";
  /** The provider's own type ("charge.complete", "payment_intent.succeeded" …). */
  type: string;
  chargeId: string | null;
  /** When the provider created the event: older events never undo newer state. */
  createdAt: Date;
  payload: unknown;
};

export type PaymentProviderErrorKind =
  /** The card or payment was refused (not retried as such; a dunning retry is a new charge). */
  | "declined"
  /** The provider is down, timed out or rate-limited (429 / 5xx / network): retry later. */
  | "unavailable"
  /** Keys are wrong or missing (401 / 403). */
  | "auth"
  /** A request the provider refused as invalid (400 / 404 / 422). */
  | "invalid"
  /** A webhook whose signature or timestamp is wrong. */
  | "signature";

export class PaymentProviderError extends Error {
  constructor(
    readonly kind: PaymentProviderErrorKind,
    message: string,
    readonly details: { code?: string; status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
