import { createHmac, timingSafeEqual } from "node:crypto";
import type { CardSummary, PromptPayQr } from "@jai/contracts/billing";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCharge,
  type ProviderChargeStatus,
  type ProviderEvent,
} from "./payment-provider";

/**
 * Omise / Opn Payments (the default provider): cards and PromptPay in THB, through Omise's
 * documented REST API (docs.omise.co) with plain `fetch`.
 *
 * Why not the `omise` npm SDK (the lead's decision): it can only be pointed at another `host`,
 * never a port (so not at a local fake), it keeps its configuration in a module-global (two
 * instances overwrite each other's keys) and it drags in @types/node 8. Plain fetch, like the
 * Graph API clients, is a few lines and testable.
 *
 * - Basic auth with the secret key and an empty password; `Omise-Version` pinned; JSON bodies;
 *   `Idempotency-Key` on everything that creates; 10 s timeout.
 * - A card charge answers 200 with status "successful" | "failed" | "pending" (3-D Secure:
 *   `authorize_uri`); a decline is a failed charge (failure_code `insufficient_fund`,
 *   `payment_rejected`, `stolen_or_lost_card` …), never an exception.
 * - Errors: 401 / 403 → "auth"; 400 / 404 / 422 → "invalid"; 429 (Retry-After), 5xx, network
 *   and timeout → "unavailable". Secrets never appear in an error message.
 * - Webhooks: `Omise-Signature` (comma-separated hex HMAC-SHA256 signatures, several while a
 *   secret is rotated) over `${Omise-Signature-Timestamp}.${rawBody}` with the base64-decoded
 *   webhook secret; a timestamp more than 5 minutes away from now is refused (replay).
 */
export type OmiseProviderOptions = {
  /** pkey_…: given to browsers to tokenise cards at the vault. */
  publicKey: string;
  /** skey_…: a secret. */
  secretKey: string;
  /** The webhook signing secret from the dashboard, base64. A secret. */
  webhookSecret: string;
  /** https://api.omise.co (or a fake's URL), no trailing slash. */
  apiUrl: string;
  /** https://vault.omise.co (or a fake's URL), no trailing slash. */
  vaultUrl: string;
  fetch?: typeof fetch;
  /** The clock for the webhook timestamp check (tests). */
  now?: () => Date;
};

export const omiseApiVersion = "2019-05-29";
const timeoutMs = 10_000;
/** How far a webhook's timestamp may be from now, in seconds. */
export const omiseWebhookToleranceSeconds = 300;
/** PromptPay QR lifetime when Omise does not say (it does: `expires_at`). */
const promptPayFallbackMs = 60 * 60_000;

type OmiseCard = {
  id: string;
  created_at?: string | null;
  brand?: string | null;
  last_digits?: string | null;
  expiration_month?: number | null;
  expiration_year?: number | null;
};

type OmiseCustomer = {
  id: string;
  default_card?: string | null;
  cards?: { data?: OmiseCard[] } | null;
};

export type OmiseCharge = {
  object?: string;
  id: string;
  status: string;
  amount: number;
  metadata?: Record<string, unknown> | null;
  failure_code?: string | null;
  failure_message?: string | null;
  authorize_uri?: string | null;
  refunded_amount?: number | null;
  expires_at?: string | null;
  source?: {
    type?: string;
    scannable_code?: { image?: { download_uri?: string | null } | null } | null;
  } | null;
};

type OmiseRefund = { id: string; charge?: string | null };

export function createOmiseProvider(options: OmiseProviderOptions): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
  const webhookKey = Buffer.from(options.webhookSecret, "base64");

  async function call<T>(
    method: "GET" | "POST" | "PATCH",
    path: string,
    body?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: authorization,
      "Omise-Version": omiseApiVersion,
      Accept: "application/json",
    };
    if (body) headers["Content-Type"] = "application/json";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(`${options.apiUrl}${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new PaymentProviderError(
        "unavailable",
        timedOut
          ? `Omise did not answer within ${timeoutMs / 1000} s`
          : "Omise could not be reached",
      );
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (response.ok) {
      if (json === null || typeof json !== "object") {
        throw new PaymentProviderError("unavailable", "Omise answered something that is not JSON", {
          status: response.status,
        });
      }
      return json as T;
    }
    const error = (json ?? {}) as { code?: unknown; message?: unknown };
    const code = typeof error.code === "string" ? error.code : undefined;
    const message = `Omise ${method} ${path.split("/")[1]}: ${response.status}${
      typeof error.message === "string" ? ` ${error.message}` : ""
    }`;
    const status = response.status;
    if (status === 401 || status === 403) {
      throw new PaymentProviderError("auth", message, { code, status });
    }
    if (status === 429 || status >= 500) {
      const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"), now());
      throw new PaymentProviderError("unavailable", message, {
        code,
        status,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    }
    throw new PaymentProviderError("invalid", message, { code, status });
  }

  const customerCard = (customer: OmiseCustomer): CardSummary => {
    const cards = customer.cards?.data ?? [];
    const card = cards.find((each) => each.id === customer.default_card) ?? cards.at(-1);
    if (!card) {
      throw new PaymentProviderError("invalid", "Omise saved no card on the customer");
    }
    return toCardSummary(card);
  };

  return {
    id: "omise",
    cardForm: { publicKey: options.publicKey, tokenizeUrl: `${options.vaultUrl}/tokens` },

    async createCustomer({ ownerId, email, cardToken, idempotencyKey }) {
      const customer = await call<OmiseCustomer>(
        "POST",
        "/customers",
        { email, description: `Jai workspace ${ownerId}`, card: cardToken, metadata: { ownerId } },
        idempotencyKey,
      );
      return { customerId: customer.id, card: customerCard(customer) };
    },

    // Omise keeps the first card as the default when another is added (docs: default_card), so
    // the new card is added, then made the default.
    async replaceCard({ customerId, cardToken, idempotencyKey }) {
      const path = `/customers/${encodeURIComponent(customerId)}`;
      const added = await call<OmiseCustomer>(
        "PATCH",
        path,
        { card: cardToken },
        `${idempotencyKey}:card`,
      );
      const newest = newestCard(added);
      if (!newest) throw new PaymentProviderError("invalid", "Omise saved no card on the customer");
      const customer = await call<OmiseCustomer>(
        "PATCH",
        path,
        { default_card: newest.id },
        `${idempotencyKey}:default`,
      );
      return customerCard(customer);
    },

    async chargeCard({
      customerId,
      amountSatang,
      description,
      metadata,
      returnUri,
      idempotencyKey,
    }) {
      const charge = await call<OmiseCharge>(
        "POST",
        "/charges",
        {
          amount: amountSatang,
          currency: "thb",
          customer: customerId,
          description,
          metadata,
          ...(returnUri ? { return_uri: returnUri } : {}),
        },
        idempotencyKey,
      );
      return toProviderCharge(charge);
    },

    // Omise's PromptPay source takes no e-mail: the payer's address stays with Jai.
    async createPromptPayCharge({ amountSatang, description, metadata, idempotencyKey }) {
      const charge = await call<OmiseCharge>(
        "POST",
        "/charges",
        {
          amount: amountSatang,
          currency: "thb",
          source: { type: "promptpay" },
          description,
          metadata,
        },
        idempotencyKey,
      );
      const promptPay: PromptPayQr = {
        imageUrl: charge.source?.scannable_code?.image?.download_uri ?? null,
        payload: null,
        expiresAt: charge.expires_at
          ? new Date(charge.expires_at).toISOString()
          : new Date(now().getTime() + promptPayFallbackMs).toISOString(),
      };
      return { ...toProviderCharge(charge), promptPay };
    },

    async retrieveCharge(chargeId) {
      return toProviderCharge(
        await call<OmiseCharge>("GET", `/charges/${encodeURIComponent(chargeId)}`),
      );
    },

    async refund({ chargeId, amountSatang, idempotencyKey }) {
      const refund = await call<OmiseRefund>(
        "POST",
        `/charges/${encodeURIComponent(chargeId)}/refunds`,
        { amount: amountSatang },
        idempotencyKey,
      );
      return { refundId: refund.id };
    },

    verifyWebhook(rawBody, headers) {
      const signatureHeader = headers.get("omise-signature");
      const timestampHeader = headers.get("omise-signature-timestamp");
      if (!signatureHeader || !timestampHeader) {
        throw new PaymentProviderError("signature", "the webhook has no Omise signature");
      }
      if (!/^\d{1,12}$/.test(timestampHeader.trim())) {
        throw new PaymentProviderError("signature", "the webhook's signature timestamp is invalid");
      }
      const timestamp = Number(timestampHeader.trim());
      const skew = Math.abs(now().getTime() / 1000 - timestamp);
      if (skew > omiseWebhookToleranceSeconds) {
        throw new PaymentProviderError(
          "signature",
          "the webhook's signature timestamp is too far from now (a replay?)",
        );
      }
      const expected = createHmac("sha256", webhookKey)
        .update(`${timestampHeader.trim()}.${rawBody}`)
        .digest();
      const matches = signatureHeader.split(",").some((candidate) => {
        const hex = candidate.trim();
        if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
        return timingSafeEqual(Buffer.from(hex, "hex"), expected);
      });
      if (!matches) {
        throw new PaymentProviderError("signature", "the webhook's Omise signature does not match");
      }
      let event: OmiseEvent;
      try {
        event = JSON.parse(rawBody) as OmiseEvent;
      } catch {
        throw new PaymentProviderError("invalid", "the webhook's body is not JSON");
      }
      if (!event || typeof event.id !== "string" || typeof event.key !== "string") {
        throw new PaymentProviderError("invalid", "the webhook is not an Omise event");
      }
      return toProviderEvent(event);
    },
  };
}

type OmiseEvent = {
  id: string;
  key: string;
  created_at?: string;
  data?: (Partial<OmiseCharge> & { charge?: string | { id?: string } | null }) | null;
};

function toProviderEvent(event: OmiseEvent): ProviderEvent {
  const data = event.data ?? null;
  const createdAt = event.created_at ? new Date(event.created_at) : new Date(Number.NaN);
  const chargeObjectId = data?.object === "charge" && typeof data.id === "string" ? data.id : null;
  let kind: ProviderEvent["kind"] = "other";
  let chargeId = chargeObjectId;
  if (event.key === "charge.complete" || event.key === "charge.expire") {
    if (data?.status === "successful") kind = "charge.succeeded";
    else if (data?.status === "failed") kind = "charge.failed";
    else if (data?.status === "expired") kind = "charge.expired";
  } else if (event.key === "refund.create") {
    kind = "charge.refunded";
    const charge = data?.charge;
    chargeId = typeof charge === "string" ? charge : (charge?.id ?? null);
  } else if (event.key === "charge.update" && (data?.refunded_amount ?? 0) > 0) {
    kind = "charge.refunded";
  }
  return {
    id: event.id,
    kind,
    type: event.key,
    chargeId,
    createdAt: Number.isNaN(createdAt.getTime()) ? new Date(0) : createdAt,
    payload: event,
  };
}

export function toProviderCharge(charge: OmiseCharge): ProviderCharge {
  let status: ProviderChargeStatus;
  switch (charge.status) {
    case "successful":
      status =
        (charge.refunded_amount ?? 0) >= charge.amount && charge.amount > 0
          ? "refunded"
          : "succeeded";
      break;
    case "failed":
    case "reversed":
      status = "failed";
      break;
    case "expired":
      status = "expired";
      break;
    default:
      status = "pending";
  }
  return {
    chargeId: charge.id,
    status,
    amountSatang: charge.amount,
    metadata: stringMetadata(charge.metadata),
    failureCode: charge.failure_code ?? (charge.status === "reversed" ? "reversed" : null),
    failureMessage: charge.failure_message ?? null,
    authorizeUri: status === "pending" ? (charge.authorize_uri ?? null) : null,
  };
}

/** The card added last (Omise lists cards oldest first). */
function newestCard(customer: OmiseCustomer): OmiseCard | undefined {
  const time = (card: OmiseCard) => Date.parse(card.created_at ?? "") || 0;
  return [...(customer.cards?.data ?? [])].sort((a, b) => time(a) - time(b)).at(-1);
}

function toCardSummary(card: OmiseCard): CardSummary {
  return {
    brand: card.brand ?? "Card",
    last4: card.last_digits ?? "",
    expMonth: card.expiration_month ?? 0,
    expYear: card.expiration_year ?? 0,
  };
}

function stringMetadata(metadata: Record<string, unknown> | null | undefined) {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (typeof value === "string") result[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") result[key] = String(value);
  }
  return result;
}

/** `Retry-After` as seconds (a number of seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
