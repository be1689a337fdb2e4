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
  readBody,
  sendHtml,
  sendJson,
  sha256,
  type WebhookSender,
} from "./fake-payments-common";

/**
 * A local Omise / Opn Payments for tests and the browser tests: API and vault on one server,
 * with Omise's documented behaviour (docs.omise.co), not an "accept anything":
 *
 * - every API call needs Basic auth with the secret key (401 `authentication_failure`);
 *   `POST /tokens` (the vault) needs Basic auth with the public key and answers CORS (browsers
 *   post the card form there); a token is used once (`used_token`);
 * - cards are checked (Luhn, expiry, security code); test cards: `4242424242424242` succeeds,
 *   `4111111111140011` fails with `insufficient_fund`, `4000000000003063` asks for 3-D Secure
 *   (pending with `authorize_uri`; visiting it completes the charge, posts `charge.complete` and
 *   redirects to `return_uri`; `?result=failed` fails it); without a `return_uri` such a card is
 *   refused off-session (failed, `payment_rejected`);
 * - `POST /customers` {email, description, card}, `PATCH /customers/{id}` {card} (adds it; the
 *   default stays the first card) or {default_card}, `GET /customers/{id}`; `POST /charges` with `customer` (its default
 *   card) or `card` (a token); amounts in satang, at least 2,000 (฿20), currency THB;
 * - PromptPay: `source: { type: "promptpay" }` → pending, `source.scannable_code.image
 *   .download_uri` (an SVG QR this fake serves) and `expires_at` (60 minutes);
 * - `GET /charges/{id}`, `POST /charges/{id}/refunds` {amount} (not above what is left);
 * - `Idempotency-Key`: the same key and body answer the first answer again; the same key with
 *   another request answers 422 `idempotency_key_conflict` (the fake's wording);
 * - `failNext(n, status)` (429 with Retry-After, 5xx), `declineNextCharges(n, code)`;
 * - webhooks to `setWebhookUrl(url)`: `Omise-Signature` (hex HMAC-SHA256 of
 *   `${timestamp}.${body}` with the base64-decoded webhook secret) and
 *   `Omise-Signature-Timestamp` (seconds).
 */
export type FakeOmise = {
  /** The API base URL (OMISE_API_URL). */
  url: string;
  /** The vault base URL (OMISE_VAULT_URL): the same server. */
  vaultUrl: string;
  publicKey: string;
  secretKey: string;
  /** Base64, as Omise's dashboard shows it (OMISE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Everything `createOmiseProvider` needs to talk to this fake. */
  providerOptions: {
    publicKey: string;
    secretKey: string;
    webhookSecret: string;
    apiUrl: string;
    vaultUrl: string;
  };
  /** The charges by id (Omise's JSON, as GET /charges/{id} answers it). */
  charges: Map<string, FakeOmiseCharge>;
  customers: Map<string, FakeOmiseCustomer>;
  /** Every event this fake posted (or tried to), in order. */
  deliveries: FakeOmiseDelivery[];
  /** Every API request, "METHOD /path". */
  calls: string[];
  /**
   * Where webhooks go. With `send` (e.g. an in-process app's `app.fetch` / `app.request`), each
   * delivery is handed to it as a Request instead of going over the network.
   */
  setWebhookUrl(url: string | null, send?: WebhookSender): void;
  /** The next `times` API calls (not the vault, the QR images or the 3-D Secure page) fail. */
  failNext(times: number, status: number, retryAfterSeconds?: number): void;
  /** The next `times` card charges fail with `failureCode` (default `insufficient_fund`). */
  declineNextCharges(times: number, failureCode?: string): void;
  /** A token for a test card, as the browser's card form gets it from the vault. */
  createToken(card?: Partial<FakeCardInput>): Promise<string>;
  /** The payer scanned the QR: the charge succeeds and `charge.complete` is posted. */
  payPromptPay(chargeId: string): Promise<FakeOmiseDelivery>;
  /** The charge expires (a PromptPay QR nobody paid): `charge.complete` with status expired. */
  expire(chargeId: string): Promise<FakeOmiseDelivery>;
  /** A refund made in the dashboard (the whole rest by default): `refund.create` is posted. */
  refund(chargeId: string, amountSatang?: number): Promise<FakeOmiseDelivery>;
  /** What visiting the authorize URI does (true: the bank approves). */
  authorize(chargeId: string, approve?: boolean): Promise<FakeOmiseDelivery>;
  /**
   * Posts an event: a new one (`key` and `data`), or `replayOf` an earlier event id (the same
   * event again, freshly signed); `signatureOverride` / `timestamp` / `omitSignature` make it
   * a bad delivery.
   */
  sendEvent(
    event: { key: string; data: unknown; createdAt?: Date } | null,
    options?: {
      replayOf?: string;
      signatureOverride?: string;
      timestamp?: number;
      omitSignature?: boolean;
    },
  ): Promise<FakeOmiseDelivery>;
  /** A signed body and headers for an event, without sending it (for direct handler tests). */
  signedEvent(
    event: { key: string; data: unknown; createdAt?: Date },
    timestamp?: number,
  ): { body: string; headers: Record<string, string>; event: FakeOmiseEvent };
  /** Waits for the webhooks this fake posts on its own (after an API refund). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export type FakeCardInput = {
  number: string;
  name: string;
  expiration_month: number;
  expiration_year: number;
  security_code: string;
};

export type FakeOmiseCard = {
  object: "card";
  id: string;
  livemode: false;
  brand: string;
  last_digits: string;
  name: string;
  expiration_month: number;
  expiration_year: number;
  fingerprint: string;
  security_code_check: boolean;
  created_at: string;
  /** Not Omise's: the number, for the fake's test-card behaviour. Never sent. */
  number?: string;
};

export type FakeOmiseCustomer = {
  object: "customer";
  id: string;
  livemode: false;
  email: string | null;
  description: string | null;
  default_card: string | null;
  metadata: Record<string, unknown>;
  cards: { object: "list"; data: FakeOmiseCard[] };
  created_at: string;
};

export type FakeOmiseCharge = {
  object: "charge";
  id: string;
  livemode: false;
  location: string;
  amount: number;
  currency: "THB";
  description: string | null;
  metadata: Record<string, unknown>;
  status: "pending" | "successful" | "failed" | "expired" | "reversed";
  authorized: boolean;
  paid: boolean;
  capture: boolean;
  authorize_uri: string | null;
  return_uri: string | null;
  failure_code: string | null;
  failure_message: string | null;
  customer: string | null;
  card: Omit<FakeOmiseCard, "number"> | null;
  source: Record<string, unknown> | null;
  refunded_amount: number;
  refunds: { object: "list"; data: FakeOmiseRefund[] };
  expires_at: string | null;
  paid_at: string | null;
  created_at: string;
};

export type FakeOmiseRefund = {
  object: "refund";
  id: string;
  location: string;
  amount: number;
  currency: "THB";
  charge: string;
  status: "closed";
  created_at: string;
};

export type FakeOmiseEvent = {
  object: "event";
  id: string;
  livemode: false;
  location: string;
  key: string;
  created_at: string;
  data: unknown;
};

export type FakeOmiseDelivery = {
  event: FakeOmiseEvent;
  /** The webhook endpoint's answer (0: no URL set or it could not be reached). */
  status: number;
  responseBody: string;
};

const failureMessages: Record<string, string> = {
  insufficient_fund: "insufficient funds in the account or the card has reached the credit limit",
  payment_rejected: "payment was rejected by the issuer",
  stolen_or_lost_card: "card was stolen or lost",
  failed_processing: "payment could not be processed",
  failed_3ds: "3-D Secure authentication failed",
};

const threeDSecureCard = "4000000000003063";
const insufficientFundCard = "4111111111140011";
const minimumAmountSatang = 2000;
const promptPayLifetimeMs = 60 * 60_000;

export async function startFakeOmise(
  options: {
    port?: number;
    publicKey?: string;
    secretKey?: string;
    /** Base64. */
    webhookSecret?: string;
  } = {},
): Promise<FakeOmise> {
  const publicKey = options.publicKey ?? `pkey_test_${randomBytes(8).toString("hex")}`;
  const secretKey = options.secretKey ?? `skey_test_${randomBytes(8).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? randomBytes(32).toString("base64");
  const webhookKey = Buffer.from(webhookSecret, "base64");
  const tokens = new Map<string, { card: FakeOmiseCard; used: boolean }>();
  const customers = new Map<string, FakeOmiseCustomer>();
  const charges = new Map<string, FakeOmiseCharge>();
  const qrPayloads = new Map<string, string>();
  const events = new Map<string, FakeOmiseEvent>();
  const deliveries: FakeOmiseDelivery[] = [];
  const calls: string[] = [];
  const idempotency = new IdempotencyStore();
  const background = new Set<Promise<unknown>>();
  let webhookUrl: string | null = null;
  let webhookSender: WebhookSender | undefined;
  let failures: { times: number; status: number; retryAfterSeconds: number } | null = null;
  let declines: { times: number; code: string } | null = null;
  let baseUrl = "";
  let fakeRef: FakeOmise | null = null;

  const nowIso = () => new Date().toISOString();
  const error = (response: ServerResponse, status: number, code: string, message: string) =>
    sendJson(response, status, {
      object: "error",
      location: `https://www.omise.co/api-errors#${code}`,
      code,
      message,
    });

  const basicUser = (request: IncomingMessage): string | null => {
    const header = request.headers.authorization ?? "";
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header);
    if (!match) return null;
    const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon < 0 ? decoded : decoded.slice(0, colon);
  };

  const publicCard = (card: FakeOmiseCard): Omit<FakeOmiseCard, "number"> => {
    const { number: _number, ...rest } = card;
    return rest;
  };
  const publicCustomer = (customer: FakeOmiseCustomer) => ({
    ...customer,
    cards: { ...customer.cards, data: customer.cards.data.map(publicCard) },
  });

  function tokenise(input: Record<string, unknown>): { status: number; body: unknown } {
    const card = (input.card ?? {}) as Record<string, unknown>;
    const number = String(card.number ?? "").replace(/\s+/g, "");
    const month = Number(card.expiration_month);
    const year = Number(card.expiration_year);
    const name = String(card.name ?? "");
    const code = String(card.security_code ?? "");
    const invalid = (message: string) => ({
      status: 400,
      body: {
        object: "error",
        location: "https://www.omise.co/api-errors#invalid_card",
        code: "invalid_card",
        message,
      },
    });
    if (!luhnValid(number)) return invalid("number is invalid");
    if (!name.trim()) return invalid("name can't be blank");
    if (!Number.isInteger(month) || month < 1 || month > 12)
      return invalid("expiration month is not between 1 and 12");
    if (!Number.isInteger(year) || cardExpired(month, year, new Date()))
      return invalid("expiration date cannot be in the past");
    if (!/^\d{3,4}$/.test(code)) return invalid("security code is invalid");
    const stored: FakeOmiseCard = {
      object: "card",
      id: providerId("card"),
      livemode: false,
      brand: cardBrand(number),
      last_digits: number.slice(-4),
      name,
      expiration_month: month,
      expiration_year: year,
      fingerprint: sha256(number).slice(0, 32),
      security_code_check: true,
      created_at: nowIso(),
      number,
    };
    const id = providerId("tokn");
    tokens.set(id, { card: stored, used: false });
    return {
      status: 200,
      body: {
        object: "token",
        id,
        livemode: false,
        location: `/tokens/${id}`,
        used: false,
        card: publicCard(stored),
        created_at: nowIso(),
      },
    };
  }

  /** Takes a token's card, once. */
  function takeToken(token: unknown): FakeOmiseCard | { error: string; message: string } {
    if (typeof token !== "string") return { error: "invalid_card", message: "card is missing" };
    const entry = tokens.get(token);
    if (!entry) return { error: "not_found", message: `token ${token} was not found` };
    if (entry.used) return { error: "used_token", message: "token was already used" };
    entry.used = true;
    return entry.card;
  }

  function newEvent(key: string, data: unknown, createdAt = new Date()): FakeOmiseEvent {
    const id = providerId("evnt");
    const event: FakeOmiseEvent = {
      object: "event",
      id,
      livemode: false,
      location: `/events/${id}`,
      key,
      created_at: createdAt.toISOString(),
      data: structuredClone(data),
    };
    events.set(id, event);
    return event;
  }

  function sign(body: string, timestamp: number) {
    return createHmac("sha256", webhookKey).update(`${timestamp}.${body}`).digest("hex");
  }

  async function deliver(
    event: FakeOmiseEvent,
    options: { signatureOverride?: string; timestamp?: number; omitSignature?: boolean } = {},
  ): Promise<FakeOmiseDelivery> {
    const body = JSON.stringify(event);
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (!options.omitSignature) {
      headers["Omise-Signature"] = options.signatureOverride ?? sign(body, timestamp);
      headers["Omise-Signature-Timestamp"] = String(timestamp);
    }
    let delivery: FakeOmiseDelivery = { event, status: 0, responseBody: "" };
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

  function inBackground(promise: Promise<unknown>) {
    background.add(promise);
    void promise.finally(() => background.delete(promise));
  }

  function requireCharge(chargeId: string): FakeOmiseCharge {
    const charge = charges.get(chargeId);
    if (!charge) throw new Error(`fake Omise: no charge ${chargeId}`);
    return charge;
  }

  function complete(
    charge: FakeOmiseCharge,
    status: "successful" | "failed" | "expired",
    failureCode?: string,
  ) {
    charge.status = status;
    if (status === "successful") {
      charge.authorized = true;
      charge.paid = true;
      charge.paid_at = nowIso();
    } else if (failureCode) {
      charge.failure_code = failureCode;
      charge.failure_message = failureMessages[failureCode] ?? failureCode;
    }
    return newEvent("charge.complete", charge);
  }

  function createRefund(charge: FakeOmiseCharge, amount: number): FakeOmiseRefund | string {
    if (charge.status !== "successful") return "charge is not successful, so it cannot be refunded";
    if (!Number.isInteger(amount) || amount <= 0) return "amount must be a positive integer";
    if (amount > charge.amount - charge.refunded_amount)
      return "amount exceeds the refundable amount";
    const id = providerId("rfnd");
    const refund: FakeOmiseRefund = {
      object: "refund",
      id,
      location: `/charges/${charge.id}/refunds/${id}`,
      amount,
      currency: "THB",
      charge: charge.id,
      status: "closed",
      created_at: nowIso(),
    };
    charge.refunds.data.push(refund);
    charge.refunded_amount += amount;
    return refund;
  }

  function createCharge(input: Record<string, unknown>): { status: number; body: unknown } {
    const bad = (code: string, message: string, status = 400) => ({
      status,
      body: { object: "error", location: `https://www.omise.co/api-errors#${code}`, code, message },
    });
    const amount = Number(input.amount);
    if (!Number.isInteger(amount) || amount < minimumAmountSatang) {
      return bad(
        "invalid_charge",
        `amount must be an integer of at least ${minimumAmountSatang} (satang)`,
      );
    }
    if (String(input.currency ?? "").toLowerCase() !== "thb") {
      return bad("invalid_charge", "currency is currently not supported");
    }
    const metadata =
      input.metadata && typeof input.metadata === "object"
        ? (input.metadata as Record<string, unknown>)
        : {};
    const returnUri =
      typeof input.return_uri === "string" && input.return_uri ? input.return_uri : null;
    const id = providerId("chrg");
    const charge: FakeOmiseCharge = {
      object: "charge",
      id,
      livemode: false,
      location: `/charges/${id}`,
      amount,
      currency: "THB",
      description: typeof input.description === "string" ? input.description : null,
      metadata,
      status: "pending",
      authorized: false,
      paid: false,
      capture: true,
      authorize_uri: null,
      return_uri: returnUri,
      failure_code: null,
      failure_message: null,
      customer: null,
      card: null,
      source: null,
      refunded_amount: 0,
      refunds: { object: "list", data: [] },
      expires_at: null,
      paid_at: null,
      created_at: nowIso(),
    };

    const source = input.source as Record<string, unknown> | undefined;
    if (source !== undefined) {
      if (source?.type !== "promptpay")
        return bad("invalid_charge", "source type is not supported");
      const sourceId = providerId("src");
      const payload = promptPayPayload(id.slice(-20), amount);
      qrPayloads.set(id, payload);
      charge.source = {
        object: "source",
        id: sourceId,
        type: "promptpay",
        flow: "offline",
        amount,
        currency: "THB",
        charge_status: "pending",
        scannable_code: {
          object: "barcode",
          type: "qr",
          image: {
            object: "document",
            id: providerId("docu"),
            filename: "qrcode.svg",
            download_uri: `${baseUrl}/qr/${id}.svg`,
          },
        },
      };
      charge.expires_at = new Date(Date.now() + promptPayLifetimeMs).toISOString();
      charges.set(id, charge);
      return { status: 200, body: charge };
    }

    let card: FakeOmiseCard | undefined;
    if (typeof input.customer === "string") {
      const customer = customers.get(input.customer);
      if (!customer) return bad("not_found", `customer ${input.customer} was not found`, 404);
      card = customer.cards.data.find((each) => each.id === customer.default_card);
      if (!card) return bad("invalid_charge", "customer has no card");
      charge.customer = customer.id;
    } else if (input.card !== undefined) {
      const used = takeToken(input.card);
      if ("error" in used)
        return bad(used.error, used.message, used.error === "not_found" ? 404 : 400);
      card = used;
    } else {
      return bad("invalid_charge", "card, customer or source is required");
    }
    charge.card = publicCard(card);

    if (declines && declines.times > 0) {
      declines.times--;
      charge.status = "failed";
      charge.failure_code = declines.code;
      charge.failure_message = failureMessages[declines.code] ?? declines.code;
    } else if (card.number === insufficientFundCard) {
      charge.status = "failed";
      charge.failure_code = "insufficient_fund";
      charge.failure_message = failureMessages.insufficient_fund as string;
    } else if (card.number === threeDSecureCard) {
      if (returnUri) {
        charge.authorize_uri = `${baseUrl}/3ds/${id}`;
      } else {
        charge.status = "failed";
        charge.failure_code = "payment_rejected";
        charge.failure_message = "3-D Secure authentication is required, and the payer is not here";
      }
    } else {
      charge.status = "successful";
      charge.authorized = true;
      charge.paid = true;
      charge.paid_at = nowIso();
    }
    charges.set(id, charge);
    return { status: 200, body: charge };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const method = request.method ?? "GET";
    const path = url.pathname;

    if (path === "/health") return sendJson(response, 200, { ok: true });
    if (path.startsWith("/__control/")) return control(method, path, request, response);

    // The QR image (public, as a document download).
    const qr = /^\/qr\/([\w]+)\.svg$/.exec(path);
    if (qr && method === "GET") {
      const payload = qrPayloads.get(qr[1] as string);
      if (!payload) return error(response, 404, "not_found", "document was not found");
      const svg = renderSVG(payload, { border: 2, pixelSize: 6 });
      response.writeHead(200, {
        "Content-Type": "image/svg+xml",
        "Access-Control-Allow-Origin": "*",
      });
      return response.end(svg);
    }

    // The bank's 3-D Secure page.
    const threeDs = /^\/3ds\/([\w]+)$/.exec(path);
    if (threeDs && method === "GET") {
      const charge = charges.get(threeDs[1] as string);
      if (!charge?.authorize_uri) return sendHtml(response, 404, "<p>No such payment.</p>");
      if (charge.status === "pending") {
        const approve = url.searchParams.get("result") !== "failed";
        await deliver(
          complete(charge, approve ? "successful" : "failed", approve ? undefined : "failed_3ds"),
        );
      }
      if (charge.return_uri) {
        response.writeHead(302, { Location: charge.return_uri });
        return response.end();
      }
      return sendHtml(response, 200, `<p>Payment ${charge.status}.</p>`);
    }

    // The vault.
    if (path === "/tokens") {
      if (method === "OPTIONS") return answerPreflight(response);
      if (method !== "POST") return error(response, 404, "not_found", "path not found");
      if (basicUser(request) !== publicKey) {
        return error(response, 401, "authentication_failure", "authentication failed");
      }
      const body = parseBody(request, await readBody(request));
      if (!body) return error(response, 400, "bad_request", "request could not be parsed");
      const result = tokenise(body);
      return sendJson(response, result.status, result.body);
    }

    calls.push(`${method} ${path}`);
    if (basicUser(request) !== secretKey) {
      return error(response, 401, "authentication_failure", "authentication failed");
    }
    if (failures && failures.times > 0) {
      failures.times--;
      const { status, retryAfterSeconds } = failures;
      if (status === 429) {
        return sendJson(
          response,
          429,
          {
            object: "error",
            location: "https://www.omise.co/api-errors#too_many_requests",
            code: "too_many_requests",
            message: "too many requests",
          },
          { "Retry-After": String(retryAfterSeconds) },
        );
      }
      return error(response, status, "internal_error", "an internal error occurred");
    }

    const text = await readBody(request);
    const body = parseBody(request, text);
    if (!body) return error(response, 400, "bad_request", "request could not be parsed");

    const idempotencyKey = request.headers["idempotency-key"];
    const fingerprint = `${method} ${path} ${sha256(JSON.stringify(body))}`;
    if (typeof idempotencyKey === "string" && (method === "POST" || method === "PATCH")) {
      const seen = idempotency.lookup(idempotencyKey, fingerprint);
      if (seen.kind === "replay") return sendJson(response, seen.status, seen.body);
      if (seen.kind === "conflict") {
        return error(
          response,
          422,
          "idempotency_key_conflict",
          "idempotency key was already used for another request",
        );
      }
    }
    const answer = (status: number, result: unknown) => {
      if (
        typeof idempotencyKey === "string" &&
        (method === "POST" || method === "PATCH") &&
        status < 500
      ) {
        idempotency.remember(idempotencyKey, fingerprint, status, structuredClone(result));
      }
      return sendJson(response, status, result);
    };
    const notFound = (what: string) =>
      answer(404, {
        object: "error",
        location: "https://www.omise.co/api-errors#not_found",
        code: "not_found",
        message: `${what} was not found`,
      });
    const invalid = (code: string, message: string) =>
      answer(400, {
        object: "error",
        location: `https://www.omise.co/api-errors#${code}`,
        code,
        message,
      });

    if (path === "/customers" && method === "POST") {
      let card: FakeOmiseCard | null = null;
      if (body.card !== undefined) {
        const used = takeToken(body.card);
        if ("error" in used)
          return used.error === "not_found"
            ? notFound(`token ${String(body.card)}`)
            : invalid(used.error, used.message);
        card = used;
      }
      const id = providerId("cust");
      const customer: FakeOmiseCustomer = {
        object: "customer",
        id,
        livemode: false,
        email: typeof body.email === "string" ? body.email : null,
        description: typeof body.description === "string" ? body.description : null,
        default_card: card?.id ?? null,
        metadata:
          body.metadata && typeof body.metadata === "object"
            ? (body.metadata as Record<string, unknown>)
            : {},
        cards: { object: "list", data: card ? [card] : [] },
        created_at: nowIso(),
      };
      customers.set(id, customer);
      return answer(200, publicCustomer(customer));
    }

    const customerPath = /^\/customers\/([\w]+)$/.exec(path);
    if (customerPath) {
      const customer = customers.get(customerPath[1] as string);
      if (!customer) return notFound(`customer ${customerPath[1]}`);
      if (method === "GET") return answer(200, publicCustomer(customer));
      if (method === "PATCH") {
        if (body.card !== undefined) {
          const used = takeToken(body.card);
          if ("error" in used)
            return used.error === "not_found"
              ? notFound(`token ${String(body.card)}`)
              : invalid(used.error, used.message);
          // Like Omise: the new card is added; the default stays the first card (docs:
          // default_card) until `default_card` names another.
          customer.cards.data.push(used);
          customer.default_card ??= used.id;
        }
        if (body.default_card !== undefined) {
          const card = customer.cards.data.find((each) => each.id === body.default_card);
          if (!card) return notFound(`card ${String(body.default_card)}`);
          customer.default_card = card.id;
        }
        if (typeof body.email === "string") customer.email = body.email;
        if (typeof body.description === "string") customer.description = body.description;
        return answer(200, publicCustomer(customer));
      }
    }

    if (path === "/charges" && method === "POST") {
      const result = createCharge(body);
      return answer(result.status, result.body);
    }

    const chargePath = /^\/charges\/([\w]+)$/.exec(path);
    if (chargePath && method === "GET") {
      const charge = charges.get(chargePath[1] as string);
      return charge ? answer(200, charge) : notFound(`charge ${chargePath[1]}`);
    }

    const refundPath = /^\/charges\/([\w]+)\/refunds$/.exec(path);
    if (refundPath && method === "POST") {
      const charge = charges.get(refundPath[1] as string);
      if (!charge) return notFound(`charge ${refundPath[1]}`);
      const refund = createRefund(charge, Number(body.amount));
      if (typeof refund === "string") return invalid("invalid_refund", refund);
      inBackground(deliver(newEvent("refund.create", refund)));
      return answer(200, refund);
    }

    return error(response, 404, "not_found", "path not found");
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
    const self = fakeRef as FakeOmise;
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
      if (!response.headersSent) error(response, 500, "internal_error", "the fake failed");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  const fake: FakeOmise = {
    url: baseUrl,
    vaultUrl: baseUrl,
    publicKey,
    secretKey,
    webhookSecret,
    providerOptions: { publicKey, secretKey, webhookSecret, apiUrl: baseUrl, vaultUrl: baseUrl },
    charges,
    customers,
    deliveries,
    calls,
    setWebhookUrl(url, send) {
      webhookUrl = url;
      webhookSender = send;
    },
    failNext(times, status, retryAfterSeconds = 2) {
      failures = { times, status, retryAfterSeconds };
    },
    declineNextCharges(times, failureCode = "insufficient_fund") {
      declines = { times, code: failureCode };
    },
    async createToken(card = {}) {
      const result = tokenise({
        card: {
          number: "4242424242424242",
          name: "Somchai Jaidee",
          expiration_month: 12,
          expiration_year: new Date().getFullYear() + 3,
          security_code: "123",
          ...card,
        },
      });
      if (result.status !== 200) throw new Error(`fake Omise: ${JSON.stringify(result.body)}`);
      return (result.body as { id: string }).id;
    },
    async payPromptPay(chargeId) {
      const charge = requireCharge(chargeId);
      if (charge.source?.type !== "promptpay" || charge.status !== "pending") {
        throw new Error(`fake Omise: ${chargeId} is not a pending PromptPay charge`);
      }
      (charge.source as Record<string, unknown>).charge_status = "successful";
      return deliver(complete(charge, "successful"));
    },
    async expire(chargeId) {
      const charge = requireCharge(chargeId);
      if (charge.status !== "pending") throw new Error(`fake Omise: ${chargeId} is not pending`);
      if (charge.source) (charge.source as Record<string, unknown>).charge_status = "expired";
      return deliver(complete(charge, "expired"));
    },
    async refund(chargeId, amountSatang) {
      const charge = requireCharge(chargeId);
      const refund = createRefund(charge, amountSatang ?? charge.amount - charge.refunded_amount);
      if (typeof refund === "string") throw new Error(`fake Omise: ${refund}`);
      return deliver(newEvent("refund.create", refund));
    },
    async authorize(chargeId, approve = true) {
      const charge = requireCharge(chargeId);
      if (charge.status !== "pending" || !charge.authorize_uri) {
        throw new Error(`fake Omise: ${chargeId} is not waiting for 3-D Secure`);
      }
      return deliver(
        complete(charge, approve ? "successful" : "failed", approve ? undefined : "failed_3ds"),
      );
    },
    async sendEvent(event, options = {}) {
      let toSend: FakeOmiseEvent;
      if (options.replayOf) {
        const earlier = events.get(options.replayOf);
        if (!earlier) throw new Error(`fake Omise: no event ${options.replayOf}`);
        toSend = earlier;
      } else if (event) {
        toSend = newEvent(event.key, event.data, event.createdAt);
      } else {
        throw new Error("fake Omise: sendEvent needs an event or replayOf");
      }
      return deliver(toSend, options);
    },
    signedEvent(event, timestamp = Math.floor(Date.now() / 1000)) {
      const created = newEvent(event.key, event.data, event.createdAt);
      const body = JSON.stringify(created);
      return {
        event: created,
        body,
        headers: {
          "Content-Type": "application/json",
          "Omise-Signature": sign(body, timestamp),
          "Omise-Signature-Timestamp": String(timestamp),
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
