import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { renderSVG } from "uqr";
import {
  answerPreflight,
  cardBrand,
  cardExpired,
  IdempotencyStore,
  luhnValid,
  parseBody,
  promptPayPayload,
  providerId,
  qrPng,
  readBody,
  sendHtml,
  sendJson,
  sha256,
  type WebhookSender,
} from "./fake-payments-common";

/**
 * A local Stripe API for tests and the browser tests: the endpoints Jai's Stripe provider calls
 * through the real `stripe` SDK, with Stripe's documented behaviour, not an "accept anything":
 *
 * - every call needs the secret key (`Authorization: Bearer sk_…`, or Basic with the key as user;
 *   else 401 "Invalid API Key provided: sk_test_****…"); `POST /v1/payment_methods` (what a
 *   browser's card form calls) also takes the publishable key and answers CORS;
 * - cards are checked (Luhn → 402 `incorrect_number`, expiry, CVC); test cards: `4242424242424242`
 *   succeeds, `4000000000009995` is declined (`card_declined` / `insufficient_funds`),
 *   `4000000000003063` needs 3-D Secure (with `return_url`: `requires_action` and a
 *   `redirect_to_url` to this fake's bank page, which completes the intent, posts
 *   `payment_intent.succeeded` and redirects back; off-session: 402 `authentication_required`);
 *   test tokens `pm_card_visa`, `pm_card_mastercard`, `pm_card_chargeDeclinedInsufficientFunds`,
 *   `pm_card_authenticationRequired` (each use makes a new `pm_…`);
 * - customers (`payment_method` attaches; `invoice_settings.default_payment_method` must be
 *   attached to the customer), `POST /v1/payment_methods/{id}/attach` (once), PaymentIntents
 *   (card: `confirm`, `off_session` / `return_url`; a decline answers 402 with the intent, now
 *   `requires_payment_method` with `last_payment_error`), `GET` with `expand[]=latest_charge`;
 *   amounts in satang, at least 1,000 (฿10), currency THB;
 * - PromptPay: `allowed_payment_method_types` (or the older `payment_method_types`) `["promptpay"]`, `payment_method_data` with the billing
 *   e-mail (required), confirmed → `requires_action` with `next_action.promptpay_display_qr_code`
 *   (EMVCo `data`, a real PNG and SVG served by this fake); it expires (is canceled) after 60
 *   minutes by `expire()`;
 * - `POST /v1/refunds` {payment_intent, amount} (not above what is left) → `charge.refunded`;
 * - `Idempotency-Key`: the same key and parameters replay the first answer (`Idempotent-Replayed:
 *   true`); other parameters under the key: 400 `idempotency_error`;
 * - `failNext(n, status)`: 429 (`rate_limit`, with Retry-After) or 5xx (`api_error`; the SDK
 *   retries a 5xx once, so fail twice to see it), `declineNextCharges(n)`;
 * - webhooks to `setWebhookUrl(url)` signed `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of
 *   `${t}.${body}` with the whsec_ secret). Outcomes answered synchronously by the API (a card
 *   charged at once, a decline) are not echoed as events; everything that happens later is.
 */
export type FakeStripe = {
  /** STRIPE_API_URL. */
  url: string;
  publishableKey: string;
  secretKey: string;
  /** whsec_…: STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string;
  /** Everything `createStripeProvider` needs to talk to this fake. */
  providerOptions: {
    publishableKey: string;
    secretKey: string;
    webhookSecret: string;
    apiUrl: string;
  };
  /** The PaymentIntents by id (`pi_…`: Jai's charge ids for Stripe). */
  charges: Map<string, FakeStripeIntent>;
  customers: Map<string, Record<string, unknown>>;
  paymentMethods: Map<string, FakeStripePaymentMethod>;
  deliveries: FakeStripeDelivery[];
  /** Every API request, "METHOD /path". */
  calls: string[];
  /**
   * Where webhooks go. With `send` (e.g. an in-process app's `app.fetch` / `app.request`), each
   * delivery is handed to it as a Request instead of going over the network.
   */
  setWebhookUrl(url: string | null, send?: WebhookSender): void;
  /** The next `times` API calls fail with `status` (429 carries Retry-After). */
  failNext(times: number, status: number, retryAfterSeconds?: number): void;
  /** The next `times` card confirmations are declined with `declineCode`. */
  declineNextCharges(times: number, declineCode?: string): void;
  /** A `pm_…` for a test card, as the browser's card form gets it. */
  createPaymentMethod(card?: {
    number?: string;
    expMonth?: number;
    expYear?: number;
    cvc?: string;
  }): Promise<string>;
  payPromptPay(intentId: string): Promise<FakeStripeDelivery>;
  /** The PromptPay QR nobody paid: the intent is canceled (`expired`). */
  expire(intentId: string): Promise<FakeStripeDelivery>;
  /** A refund made in the dashboard (the rest by default): `charge.refunded`. */
  refund(intentId: string, amountSatang?: number): Promise<FakeStripeDelivery>;
  /** What the bank's 3-D Secure page does (true: approved). */
  authorize(intentId: string, approve?: boolean): Promise<FakeStripeDelivery>;
  /**
   * Posts an event: a new one (`type` and `object`), or `replayOf` an earlier event id (freshly
   * signed); `signatureOverride` (the whole header) / `timestamp` / `omitSignature` for bad ones.
   */
  sendEvent(
    event: { type: string; object: unknown; createdAt?: Date } | null,
    options?: {
      replayOf?: string;
      signatureOverride?: string;
      timestamp?: number;
      omitSignature?: boolean;
    },
  ): Promise<FakeStripeDelivery>;
  /** A signed body and headers for an event, without sending it. */
  signedEvent(
    event: { type: string; object: unknown; createdAt?: Date },
    timestamp?: number,
  ): { body: string; headers: Record<string, string>; event: FakeStripeEvent };
  /** Waits for the webhooks this fake posts on its own (after an API refund). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export type FakeStripePaymentMethod = {
  id: string;
  object: "payment_method";
  type: "card" | "promptpay";
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
    fingerprint: string;
  } | null;
  promptpay?: Record<string, never>;
  billing_details: { email: string | null; name: string | null; address: null; phone: null };
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  /** Not Stripe's: the number, for the fake's test-card behaviour. Never sent. */
  number?: string;
};

export type FakeStripeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "succeeded"
    | "canceled";
  customer: string | null;
  payment_method: string | null;
  payment_method_types: string[];
  description: string | null;
  metadata: Record<string, string>;
  next_action: Record<string, unknown> | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  client_secret: string;
  confirmation_method: "automatic";
  capture_method: "automatic";
  return_url?: string | null;
  created: number;
  livemode: false;
};

export type FakeStripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
};

export type FakeStripeDelivery = { event: FakeStripeEvent; status: number; responseBody: string };

const testTokens: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_authenticationRequired: "4000000000003063",
};
const declinedCard = "4000000000009995";
const threeDSecureCard = "4000000000003063";
const minimumAmountSatang = 1000;
const apiVersion = "2026-10-28.endive";

const declineMessages: Record<string, string> = {
  insufficient_funds: "Your card has insufficient funds.",
  generic_decline: "Your card was declined.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
  expired_card: "Your card has expired.",
};

class StripeFailure {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {}
}

const invalidRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new StripeFailure(400, { type: "invalid_request_error", message, ...extra });

/** A form value that may be a list (`a[0]=x&a[1]=y`, `a[]=x`, or one value). */
function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === "object") return Object.values(value);
  return [value];
}
const truthy = (value: unknown) => value === true || value === "true";
const seconds = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(
  options: {
    port?: number;
    publishableKey?: string;
    secretKey?: string;
    webhookSecret?: string;
  } = {},
): Promise<FakeStripe> {
  const publishableKey = options.publishableKey ?? `pk_test_${randomBytes(12).toString("hex")}`;
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString("base64url")}`;
  const paymentMethods = new Map<string, FakeStripePaymentMethod>();
  const customers = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, FakeStripeIntent>();
  const stripeCharges = new Map<string, Record<string, unknown>>();
  const qrData = new Map<string, string>();
  const events = new Map<string, FakeStripeEvent>();
  const deliveries: FakeStripeDelivery[] = [];
  const calls: string[] = [];
  const idempotency = new IdempotencyStore();
  const background = new Set<Promise<unknown>>();
  let webhookUrl: string | null = null;
  let webhookSender: WebhookSender | undefined;
  let failures: { times: number; status: number; retryAfterSeconds: number } | null = null;
  let declines: { times: number; code: string } | null = null;
  let baseUrl = "";
  let fakeRef: FakeStripe | null = null;

  const requestKey = (request: IncomingMessage): string | null => {
    const header = request.headers.authorization ?? "";
    const bearer = /^Bearer\s+(\S+)$/.exec(header);
    if (bearer) return bearer[1] as string;
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header);
    if (basic)
      return (
        Buffer.from(basic[1] as string, "base64")
          .toString("utf8")
          .split(":")[0] ?? null
      );
    return null;
  };
  const masked = (key: string | null) => (key ? `${key.slice(0, 8)}****${key.slice(-4)}` : "");

  const publicPaymentMethod = (method: FakeStripePaymentMethod) => {
    const { number: _number, ...rest } = method;
    return rest;
  };

  function newCardMethod(input: Record<string, unknown>): FakeStripePaymentMethod {
    const card = (input.card ?? {}) as Record<string, unknown>;
    const number = String(card.number ?? "").replace(/\s+/g, "");
    const month = Number(card.exp_month);
    const year = Number(card.exp_year);
    const cardError = (code: string, message: string, param: string) =>
      new StripeFailure(402, { type: "card_error", code, message, param });
    if (input.type !== "card")
      throw invalidRequest("Invalid type: must be card here.", { param: "type" });
    if (!luhnValid(number))
      throw cardError("incorrect_number", "Your card number is incorrect.", "card[number]");
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      throw cardError(
        "invalid_expiry_month",
        "Your card's expiration month is invalid.",
        "card[exp_month]",
      );
    }
    const fullYear = year < 100 ? 2000 + year : year;
    if (!Number.isInteger(year) || cardExpired(month, fullYear, new Date())) {
      throw cardError(
        "invalid_expiry_year",
        "Your card's expiration year is invalid.",
        "card[exp_year]",
      );
    }
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc))) {
      throw cardError("invalid_cvc", "Your card's security code is invalid.", "card[cvc]");
    }
    const billing = (input.billing_details ?? {}) as Record<string, unknown>;
    const method: FakeStripePaymentMethod = {
      id: providerId("pm").replace("_test_", "_"),
      object: "payment_method",
      type: "card",
      card: {
        brand: cardBrand(number).toLowerCase().replace("american express", "amex"),
        last4: number.slice(-4),
        exp_month: month,
        exp_year: fullYear,
        funding: "credit",
        country: "TH",
        fingerprint: sha256(number).slice(0, 16),
      },
      billing_details: {
        email: typeof billing.email === "string" ? billing.email : null,
        name: typeof billing.name === "string" ? billing.name : null,
        address: null,
        phone: null,
      },
      customer: null,
      created: seconds(),
      livemode: false,
      metadata: {},
      number,
    };
    paymentMethods.set(method.id, method);
    return method;
  }

  /** A payment method by id; Stripe's test tokens make a fresh one each time. */
  function resolveMethod(id: unknown, param = "payment_method"): FakeStripePaymentMethod {
    if (typeof id !== "string" || !id) throw invalidRequest("Missing payment method.", { param });
    const testNumber = testTokens[id];
    if (testNumber) {
      return newCardMethod({
        type: "card",
        card: { number: testNumber, exp_month: 12, exp_year: new Date().getFullYear() + 3 },
      });
    }
    const method = paymentMethods.get(id);
    if (!method) {
      throw new StripeFailure(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such PaymentMethod: '${id}'`,
        param,
      });
    }
    return method;
  }

  function attach(method: FakeStripePaymentMethod, customerId: string) {
    if (method.customer && method.customer !== customerId) {
      throw invalidRequest(
        "The payment method you provided has already been attached to a customer.",
        { code: "payment_method_unexpected_state" },
      );
    }
    method.customer = customerId;
  }

  function requireCustomer(id: unknown): Record<string, unknown> {
    const customer = typeof id === "string" ? customers.get(id) : undefined;
    if (!customer) {
      throw new StripeFailure(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such customer: '${String(id)}'`,
        param: "customer",
      });
    }
    return customer;
  }

  function setDefault(
    customer: Record<string, unknown>,
    methodId: unknown,
    attachedAlias?: { from: string; to: string },
  ) {
    const id = attachedAlias && methodId === attachedAlias.from ? attachedAlias.to : methodId;
    const method = typeof id === "string" ? paymentMethods.get(id) : undefined;
    if (!method || method.customer !== customer.id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${String(methodId)}.`,
        {
          param: "invoice_settings[default_payment_method]",
        },
      );
    }
    (customer.invoice_settings as Record<string, unknown>).default_payment_method = method.id;
  }

  function newCharge(
    intent: FakeStripeIntent,
    paid: boolean,
    failure?: { code: string; message: string },
  ) {
    const id = providerId("ch").replace("_test_", "_");
    const charge = {
      id,
      object: "charge",
      amount: intent.amount,
      amount_captured: paid ? intent.amount : 0,
      amount_refunded: 0,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      metadata: intent.metadata,
      paid,
      captured: paid,
      refunded: false,
      status: paid ? "succeeded" : "failed",
      failure_code: failure?.code ?? null,
      failure_message: failure?.message ?? null,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      created: seconds(),
      livemode: false,
    };
    stripeCharges.set(id, charge);
    intent.latest_charge = id;
    return charge;
  }

  function succeed(intent: FakeStripeIntent) {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    newCharge(intent, true);
  }

  function decline(
    intent: FakeStripeIntent,
    code: string,
    declineCode: string | null,
    message: string,
  ) {
    const method = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
    newCharge(intent, false, { code, message });
    intent.status = "requires_payment_method";
    intent.next_action = null;
    intent.last_payment_error = {
      type: "card_error",
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message,
      charge: intent.latest_charge,
      payment_method: method ? publicPaymentMethod(method) : null,
    };
  }

  function createIntent(body: Record<string, unknown>): { status: number; body: unknown } {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < minimumAmountSatang) {
      throw invalidRequest("Amount must be at least ฿10.00 thb", {
        code: "amount_too_small",
        param: "amount",
      });
    }
    const currency = String(body.currency ?? "").toLowerCase();
    if (currency !== "thb")
      throw invalidRequest(`Invalid currency: ${currency}.`, { param: "currency" });
    // `allowed_payment_method_types` since API version 2026-10-28; `payment_method_types` before.
    const types = list(body.allowed_payment_method_types ?? body.payment_method_types).map(String);
    const methodData = body.payment_method_data as Record<string, unknown> | undefined;
    const id = providerId("pi").replace("_test_", "_");
    const intent: FakeStripeIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      status: "requires_payment_method",
      customer: null,
      payment_method: null,
      payment_method_types: types.length > 0 ? types : ["card"],
      description: typeof body.description === "string" ? body.description : null,
      metadata: Object.fromEntries(
        Object.entries((body.metadata ?? {}) as Record<string, unknown>).map(([k, v]) => [
          k,
          String(v),
        ]),
      ),
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      cancellation_reason: null,
      canceled_at: null,
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      confirmation_method: "automatic",
      capture_method: "automatic",
      return_url: typeof body.return_url === "string" ? body.return_url : null,
      created: seconds(),
      livemode: false,
    };
    if (body.customer !== undefined) intent.customer = requireCustomer(body.customer).id as string;

    if (methodData?.type === "promptpay") {
      if (!intent.payment_method_types.includes("promptpay")) {
        throw invalidRequest("The payment method type provided: promptpay is invalid.", {
          param: "payment_method_data[type]",
        });
      }
      const billing = (methodData.billing_details ?? {}) as Record<string, unknown>;
      if (typeof billing.email !== "string" || !billing.email.includes("@")) {
        throw invalidRequest(
          "Missing required param: payment_method_data[billing_details][email].",
          {
            param: "payment_method_data[billing_details][email]",
          },
        );
      }
      const method: FakeStripePaymentMethod = {
        id: providerId("pm").replace("_test_", "_"),
        object: "payment_method",
        type: "promptpay",
        card: null,
        promptpay: {},
        billing_details: { email: billing.email, name: null, address: null, phone: null },
        customer: null,
        created: seconds(),
        livemode: false,
        metadata: {},
      };
      paymentMethods.set(method.id, method);
      intent.payment_method = method.id;
    } else if (body.payment_method !== undefined) {
      const method = resolveMethod(body.payment_method);
      if (method.type !== "card" || !intent.payment_method_types.includes("card")) {
        throw invalidRequest("The payment method type is not allowed on this PaymentIntent.", {
          param: "payment_method",
        });
      }
      if (intent.customer && method.customer !== intent.customer) {
        throw invalidRequest(
          "The provided PaymentMethod belongs to another customer or to none; attach it to this customer first.",
          { param: "payment_method" },
        );
      }
      intent.payment_method = method.id;
    }
    intents.set(id, intent);
    if (!truthy(body.confirm)) {
      if (intent.payment_method) intent.status = "requires_confirmation";
      return { status: 200, body: intent };
    }
    if (!intent.payment_method) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
      );
    }
    const method = paymentMethods.get(intent.payment_method) as FakeStripePaymentMethod;
    if (method.type === "promptpay") {
      const data = promptPayPayload(id.slice(-20), amount);
      qrData.set(id, data);
      intent.status = "requires_action";
      intent.next_action = {
        type: "promptpay_display_qr_code",
        promptpay_display_qr_code: {
          data,
          hosted_instructions_url: `${baseUrl}/promptpay/${id}`,
          image_url_png: `${baseUrl}/qr/${id}.png`,
          image_url_svg: `${baseUrl}/qr/${id}.svg`,
        },
      };
      return { status: 200, body: intent };
    }

    const offSession = truthy(body.off_session);
    if (declines && declines.times > 0) {
      declines.times--;
      decline(
        intent,
        "card_declined",
        declines.code,
        declineMessages[declines.code] ?? "Your card was declined.",
      );
    } else if (method.number === declinedCard) {
      decline(
        intent,
        "card_declined",
        "insufficient_funds",
        declineMessages.insufficient_funds as string,
      );
    } else if (method.number === threeDSecureCard) {
      if (offSession) {
        decline(
          intent,
          "authentication_required",
          "authentication_required",
          "Your card was declined. This transaction requires authentication.",
        );
      } else {
        intent.status = "requires_action";
        intent.next_action = intent.return_url
          ? {
              type: "redirect_to_url",
              redirect_to_url: { url: `${baseUrl}/3ds/${id}`, return_url: intent.return_url },
            }
          : { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
      }
    } else {
      succeed(intent);
    }
    if (intent.status === "requires_payment_method" && intent.last_payment_error) {
      const error = intent.last_payment_error;
      return {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: error.code,
            decline_code: error.decline_code,
            message: error.message,
            charge: intent.latest_charge,
            payment_intent: intent,
            doc_url: `https://docs.stripe.com/error-codes/${String(error.code).replaceAll("_", "-")}`,
          },
        },
      };
    }
    return { status: 200, body: intent };
  }

  function withExpand(intent: FakeStripeIntent, expand: unknown[]) {
    if (expand.includes("latest_charge") && intent.latest_charge) {
      return {
        ...intent,
        latest_charge: stripeCharges.get(intent.latest_charge) ?? intent.latest_charge,
      };
    }
    return intent;
  }

  function createRefund(intent: FakeStripeIntent, amount: number) {
    const charge = intent.latest_charge ? stripeCharges.get(intent.latest_charge) : undefined;
    if (intent.status !== "succeeded" || !charge) {
      throw invalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        {
          code: "charge_not_refundable",
        },
      );
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalidRequest(
        `Refund amount (฿${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (฿${(left / 100).toFixed(2)})`,
        { param: "amount" },
      );
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: providerId("re").replace("_test_", "_"),
      object: "refund",
      amount,
      charge: charge.id,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      created: seconds(),
    };
    return { refund, charge };
  }

  function newEvent(type: string, object: unknown, createdAt = new Date()): FakeStripeEvent {
    const event: FakeStripeEvent = {
      id: providerId("evt").replace("_test_", "_"),
      object: "event",
      api_version: apiVersion,
      created: Math.floor(createdAt.getTime() / 1000),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.set(event.id, event);
    return event;
  }

  const sign = (body: string, timestamp: number) =>
    `t=${timestamp},v1=${createHmac("sha256", webhookSecret).update(`${timestamp}.${body}`).digest("hex")}`;

  async function deliver(
    event: FakeStripeEvent,
    options: { signatureOverride?: string; timestamp?: number; omitSignature?: boolean } = {},
  ): Promise<FakeStripeDelivery> {
    const body = JSON.stringify(event);
    const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
    if (!options.omitSignature) {
      headers["Stripe-Signature"] =
        options.signatureOverride ?? sign(body, options.timestamp ?? seconds());
    }
    let delivery: FakeStripeDelivery = { event, status: 0, responseBody: "" };
    if (webhookUrl) {
      try {
        const init = { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) };
        const response = webhookSender
          ? await webhookSender(new Request(webhookUrl, init))
          : await fetch(webhookUrl, init);
        delivery = { event, status: response.status, responseBody: await response.text() };
      } catch {
        delivery = { event, status: 0, responseBody: "" };
      }
    }
    deliveries.push(delivery);
    return delivery;
  }

  function requireIntent(id: string): FakeStripeIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake Stripe: no payment intent ${id}`);
    return intent;
  }

  function completeThreeDs(intent: FakeStripeIntent, approve: boolean) {
    if (approve) {
      succeed(intent);
      return newEvent("payment_intent.succeeded", intent);
    }
    decline(
      intent,
      "payment_intent_authentication_failure",
      null,
      "The provided PaymentMethod has failed authentication.",
    );
    return newEvent("payment_intent.payment_failed", intent);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const method = request.method ?? "GET";
    const path = url.pathname;
    if (path === "/health") return sendJson(response, 200, { ok: true });
    if (path.startsWith("/__control/")) return control(method, path, request, response);

    const qr = /^\/qr\/(\w+)\.(png|svg)$/.exec(path);
    if (qr && method === "GET") {
      const data = qrData.get(qr[1] as string);
      if (!data)
        return sendJson(response, 404, {
          error: { type: "invalid_request_error", message: "Not found" },
        });
      if (qr[2] === "png") {
        const png = qrPng(data);
        response.writeHead(200, {
          "Content-Type": "image/png",
          "Content-Length": png.length,
          "Access-Control-Allow-Origin": "*",
        });
        return response.end(png);
      }
      response.writeHead(200, {
        "Content-Type": "image/svg+xml",
        "Access-Control-Allow-Origin": "*",
      });
      return response.end(renderSVG(data, { border: 2, pixelSize: 6 }));
    }
    const hosted = /^\/promptpay\/(\w+)$/.exec(path);
    if (hosted && method === "GET" && qrData.has(hosted[1] as string)) {
      return sendHtml(
        response,
        200,
        `<p>Scan with your banking app</p><img alt="PromptPay QR" src="/qr/${hosted[1]}.png">`,
      );
    }
    const threeDs = /^\/3ds\/(\w+)$/.exec(path);
    if (threeDs && method === "GET") {
      const intent = intents.get(threeDs[1] as string);
      const waitingElsewhere =
        intent?.status === "requires_action" && intent.next_action?.type !== "redirect_to_url";
      if (!intent || waitingElsewhere) {
        return sendHtml(response, 404, "<p>No such payment.</p>");
      }
      if (intent.status === "requires_action") {
        await deliver(completeThreeDs(intent, url.searchParams.get("result") !== "failed"));
      }
      if (intent.return_url) {
        const back = new URL(intent.return_url);
        back.searchParams.set("payment_intent", intent.id);
        back.searchParams.set("payment_intent_client_secret", intent.client_secret);
        back.searchParams.set(
          "redirect_status",
          intent.status === "succeeded" ? "succeeded" : "failed",
        );
        response.writeHead(302, { Location: back.toString() });
        return response.end();
      }
      return sendHtml(response, 200, `<p>Payment ${intent.status}.</p>`);
    }

    if (path === "/v1/payment_methods" && method === "OPTIONS") return answerPreflight(response);
    if (!path.startsWith("/v1/"))
      return sendJson(response, 404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}).`,
        },
      });

    const key = requestKey(request);
    const tokenising = path === "/v1/payment_methods" && method === "POST";
    if (!tokenising) calls.push(`${method} ${path}`);
    if (key !== secretKey && !(tokenising && key === publishableKey)) {
      return sendJson(response, 401, {
        error: {
          type: "invalid_request_error",
          message: key
            ? `Invalid API Key provided: ${masked(key)}`
            : "You did not provide an API key.",
        },
      });
    }
    if (!tokenising && failures && failures.times > 0) {
      failures.times--;
      if (failures.status === 429) {
        return sendJson(
          response,
          429,
          {
            error: {
              type: "invalid_request_error",
              code: "rate_limit",
              message: "Request rate limit exceeded.",
            },
          },
          { "Retry-After": String(failures.retryAfterSeconds) },
        );
      }
      return sendJson(response, failures.status, {
        error: { type: "api_error", message: "Something went wrong on Stripe's end." },
      });
    }

    const text = await readBody(request);
    const body =
      method === "GET" ? (parseBody(request, url.search.slice(1)) ?? {}) : parseBody(request, text);
    if (!body)
      return sendJson(response, 400, {
        error: { type: "invalid_request_error", message: "Invalid request body." },
      });

    const idempotencyKey = request.headers["idempotency-key"];
    const fingerprint = `${method} ${path} ${sha256(JSON.stringify(body))}`;
    if (typeof idempotencyKey === "string" && method === "POST") {
      const seen = idempotency.lookup(idempotencyKey, fingerprint);
      if (seen.kind === "replay")
        return sendJson(response, seen.status, seen.body, { "Idempotent-Replayed": "true" });
      if (seen.kind === "conflict") {
        return sendJson(response, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
    }
    const answer = (status: number, result: unknown) => {
      if (typeof idempotencyKey === "string" && method === "POST" && status < 500) {
        idempotency.remember(idempotencyKey, fingerprint, status, structuredClone(result));
      }
      return sendJson(response, status, result);
    };

    try {
      const result = route(method, path, body);
      return answer(result.status, result.body);
    } catch (error) {
      if (error instanceof StripeFailure) return answer(error.status, { error: error.error });
      throw error;
    }
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    const ok = (result: unknown) => ({ status: 200, body: result });
    const missing = (what: string, id: string) =>
      new StripeFailure(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}: '${id}'`,
      });

    if (path === "/v1/payment_methods" && method === "POST")
      return ok(publicPaymentMethod(newCardMethod(body)));

    let match = /^\/v1\/payment_methods\/(\w+)$/.exec(path);
    if (match && method === "GET") {
      const id = match[1] as string;
      if (testTokens[id]) return ok(publicPaymentMethod(resolveMethod(id)));
      const found = paymentMethods.get(id);
      if (!found) throw missing("PaymentMethod", id);
      return ok(publicPaymentMethod(found));
    }
    match = /^\/v1\/payment_methods\/(\w+)\/attach$/.exec(path);
    if (match && method === "POST") {
      const paymentMethod = resolveMethod(match[1], "payment_method");
      attach(paymentMethod, requireCustomer(body.customer).id as string);
      return ok(publicPaymentMethod(paymentMethod));
    }

    if (path === "/v1/customers" && method === "POST") {
      const id = providerId("cus").replace("_test_", "_");
      const customer: Record<string, unknown> = {
        id,
        object: "customer",
        email: typeof body.email === "string" ? body.email : null,
        description: typeof body.description === "string" ? body.description : null,
        metadata: body.metadata ?? {},
        invoice_settings: {
          default_payment_method: null,
          custom_fields: null,
          footer: null,
          rendering_options: null,
        },
        created: seconds(),
        livemode: false,
      };
      let alias: { from: string; to: string } | undefined;
      let attached: FakeStripePaymentMethod | undefined;
      if (body.payment_method !== undefined) {
        attached = resolveMethod(body.payment_method);
        attach(attached, id);
        alias = { from: String(body.payment_method), to: attached.id };
      }
      const settings = body.invoice_settings as Record<string, unknown> | undefined;
      customers.set(id, customer);
      try {
        if (settings?.default_payment_method)
          setDefault(customer, settings.default_payment_method, alias);
      } catch (error) {
        customers.delete(id);
        if (attached) attached.customer = null;
        throw error;
      }
      return ok(customer);
    }
    match = /^\/v1\/customers\/(\w+)$/.exec(path);
    if (match) {
      const customer = customers.get(match[1] as string);
      if (!customer) throw missing("customer", match[1] as string);
      if (method === "GET") return ok(customer);
      if (method === "POST") {
        const settings = body.invoice_settings as Record<string, unknown> | undefined;
        if (settings?.default_payment_method) setDefault(customer, settings.default_payment_method);
        if (typeof body.email === "string") customer.email = body.email;
        return ok(customer);
      }
    }

    if (path === "/v1/payment_intents" && method === "POST") return createIntent(body);
    match = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (match && method === "GET") {
      const intent = intents.get(match[1] as string);
      if (!intent) throw missing("payment_intent", match[1] as string);
      return ok(withExpand(intent, list(body.expand)));
    }

    if (path === "/v1/refunds" && method === "POST") {
      const intent =
        typeof body.payment_intent === "string" ? intents.get(body.payment_intent) : undefined;
      if (!intent) throw missing("payment_intent", String(body.payment_intent));
      const charge = intent.latest_charge ? stripeCharges.get(intent.latest_charge) : undefined;
      const amount =
        body.amount === undefined && charge
          ? (charge.amount as number) - (charge.amount_refunded as number)
          : Number(body.amount);
      const result = createRefund(intent, amount);
      const promise = deliver(newEvent("charge.refunded", result.charge));
      background.add(promise);
      void promise.finally(() => background.delete(promise));
      return ok(result.refund);
    }

    throw new StripeFailure(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  /**
   * The controls over HTTP, for browser tests driving this fake in another process (no auth: a
   * local fake): POST /__control/pay/{id}, /expire/{id}, /refund/{id}, /authorize/{id}
   * (`?result=failed`), /decline-next {times, code}, /fail-next {times, status}, /webhook-url
   * {url}; GET /__control/charges.
   */
  async function control(
    method: string,
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    const self = fakeRef as FakeStripe;
    const [, , action, id] = path.split("/");
    try {
      if (method === "GET" && action === "charges")
        return sendJson(response, 200, [...self.charges.values()]);
      if (method !== "POST") return sendJson(response, 405, { error: "POST" });
      const input = (parseBody(request, await readBody(request)) ?? {}) as Record<string, unknown>;
      const result =
        action === "pay" && id
          ? await self.payPromptPay(id)
          : action === "expire" && id
            ? await self.expire(id)
            : action === "refund" && id
              ? await self.refund(id, input.amount === undefined ? undefined : Number(input.amount))
              : action === "authorize" && id
                ? await self.authorize(id, input.result !== "failed")
                : action === "decline-next"
                  ? self.declineNextCharges(
                      Number(input.times ?? 1),
                      input.code === undefined ? undefined : String(input.code),
                    )
                  : action === "fail-next"
                    ? self.failNext(Number(input.times ?? 1), Number(input.status ?? 503))
                    : action === "webhook-url"
                      ? self.setWebhookUrl(typeof input.url === "string" ? input.url : null)
                      : "unknown";
      if (result === "unknown") return sendJson(response, 404, { error: `no control ${action}` });
      return sendJson(response, 200, result ?? { ok: true });
    } catch (error) {
      return sendJson(response, 409, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: "api_error", message: "the fake failed" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: baseUrl,
    publishableKey,
    secretKey,
    webhookSecret,
    providerOptions: { publishableKey, secretKey, webhookSecret, apiUrl: baseUrl },
    charges: intents,
    customers,
    paymentMethods,
    deliveries,
    calls,
    setWebhookUrl(url, send) {
      webhookUrl = url;
      webhookSender = send;
    },
    failNext(times, status, retryAfterSeconds = 2) {
      failures = { times, status, retryAfterSeconds };
    },
    declineNextCharges(times, declineCode = "insufficient_funds") {
      declines = { times, code: declineCode };
    },
    async createPaymentMethod(card = {}) {
      const method = newCardMethod({
        type: "card",
        card: {
          number: card.number ?? "4242424242424242",
          exp_month: card.expMonth ?? 12,
          exp_year: card.expYear ?? new Date().getFullYear() + 3,
          cvc: card.cvc ?? "123",
        },
      });
      return method.id;
    },
    async payPromptPay(intentId) {
      const intent = requireIntent(intentId);
      if (
        intent.next_action?.type !== "promptpay_display_qr_code" ||
        intent.status !== "requires_action"
      ) {
        throw new Error(`fake Stripe: ${intentId} is not a PromptPay intent waiting for payment`);
      }
      succeed(intent);
      return deliver(newEvent("payment_intent.succeeded", intent));
    },
    async expire(intentId) {
      const intent = requireIntent(intentId);
      if (intent.status === "succeeded" || intent.status === "canceled") {
        throw new Error(`fake Stripe: ${intentId} cannot be canceled (${intent.status})`);
      }
      intent.status = "canceled";
      intent.cancellation_reason = "expired";
      intent.canceled_at = seconds();
      intent.next_action = null;
      return deliver(newEvent("payment_intent.canceled", intent));
    },
    async refund(intentId, amountSatang) {
      const intent = requireIntent(intentId);
      const charge = intent.latest_charge ? stripeCharges.get(intent.latest_charge) : undefined;
      const left = charge ? (charge.amount as number) - (charge.amount_refunded as number) : 0;
      try {
        const result = createRefund(intent, amountSatang ?? left);
        return deliver(newEvent("charge.refunded", result.charge));
      } catch (error) {
        if (error instanceof StripeFailure)
          throw new Error(`fake Stripe: ${String(error.error.message)}`);
        throw error;
      }
    },
    async authorize(intentId, approve = true) {
      const intent = requireIntent(intentId);
      if (
        intent.status !== "requires_action" ||
        intent.next_action?.type === "promptpay_display_qr_code"
      ) {
        throw new Error(`fake Stripe: ${intentId} is not waiting for 3-D Secure`);
      }
      return deliver(completeThreeDs(intent, approve));
    },
    async sendEvent(event, options = {}) {
      let toSend: FakeStripeEvent;
      if (options.replayOf) {
        const earlier = events.get(options.replayOf);
        if (!earlier) throw new Error(`fake Stripe: no event ${options.replayOf}`);
        toSend = earlier;
      } else if (event) {
        toSend = newEvent(event.type, event.object, event.createdAt);
      } else {
        throw new Error("fake Stripe: sendEvent needs an event or replayOf");
      }
      return deliver(toSend, options);
    },
    signedEvent(event, timestamp = seconds()) {
      const created = newEvent(event.type, event.object, event.createdAt);
      const body = JSON.stringify(created);
      return {
        event: created,
        body,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": sign(body, timestamp),
        },
      };
    },
    async settled() {
      while (background.size > 0) await Promise.all([...background]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  fakeRef = fake;
  return fake;
}
