import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOmise, startFakeOmise } from "../../../test/fake-omise";
import {
  providerErrorOf as caught,
  startPaymentWebhookReceiver as startReceiver,
} from "../../../test/payment-webhook-receiver";
import { createOmiseProvider } from "./omise";
import { type PaymentProvider, PaymentProviderError } from "./payment-provider";

describe("Omise provider against the fake", () => {
  let fake: FakeOmise;
  let provider: PaymentProvider;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    fake = await startFakeOmise();
    provider = createOmiseProvider(fake.providerOptions);
    receiver = await startReceiver(() => provider);
    fake.setWebhookUrl(receiver.url);
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  const newCustomer = async (number = "4242424242424242") => {
    const cardToken = await fake.createToken({ number });
    return provider.createCustomer({
      ownerId: "owner-1",
      email: "owner@example.com",
      cardToken,
      idempotencyKey: `customer-${cardToken}`,
    });
  };

  it("tokenises a card at the vault with the public key, as a browser does (CORS)", async () => {
    const { tokenizeUrl, publicKey } = provider.cardForm;
    expect(tokenizeUrl).toBe(`${fake.vaultUrl}/tokens`);
    const preflight = await fetch(tokenizeUrl, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const form = new URLSearchParams({
      "card[name]": "Somchai Jaidee",
      "card[number]": "4242424242424242",
      "card[expiration_month]": "12",
      "card[expiration_year]": String(new Date().getFullYear() + 2),
      "card[security_code]": "123",
    });
    const auth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
    const ok = await fetch(tokenizeUrl, {
      method: "POST",
      headers: {
        Authorization: auth(publicKey),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    expect(ok.status).toBe(200);
    const token = (await ok.json()) as { id: string; card: { last_digits: string; brand: string } };
    expect(token.id).toMatch(/^tokn_test_/);
    expect(token.card).toMatchObject({ last_digits: "4242", brand: "Visa" });
    expect(JSON.stringify(token)).not.toContain("4242424242424242");

    const wrongKey = await fetch(tokenizeUrl, {
      method: "POST",
      headers: { Authorization: auth(fake.secretKey) },
      body: form,
    });
    expect(wrongKey.status).toBe(401);
    form.set("card[number]", "4242424242424241");
    const badNumber = await fetch(tokenizeUrl, {
      method: "POST",
      headers: { Authorization: auth(publicKey) },
      body: form,
    });
    expect(badNumber.status).toBe(400);
    expect(await badNumber.json()).toMatchObject({ code: "invalid_card" });
  });

  it("creates a customer with the card, replaces the card, charges it", async () => {
    const { customerId, card } = await newCustomer();
    expect(customerId).toMatch(/^cust_test_/);
    expect(card).toMatchObject({ brand: "Visa", last4: "4242", expMonth: 12 });

    const newToken = await fake.createToken({ number: "5555555555554444" });
    const replaced = await provider.replaceCard({
      customerId,
      cardToken: newToken,
      idempotencyKey: "replace-1",
    });
    expect(replaced).toMatchObject({ brand: "MasterCard", last4: "4444" });

    const charge = await provider.chargeCard({
      customerId,
      amountSatang: 99_000,
      description: "Jai Starter, 1 month",
      metadata: { invoiceId: "inv-1", ownerId: "owner-1" },
      returnUri: null,
      idempotencyKey: "charge-1",
    });
    expect(charge).toMatchObject({
      status: "succeeded",
      amountSatang: 99_000,
      metadata: { invoiceId: "inv-1", ownerId: "owner-1" },
      failureCode: null,
      authorizeUri: null,
    });
    expect(fake.charges.get(charge.chargeId)?.card?.last_digits).toBe("4444");
    expect(await provider.retrieveCharge(charge.chargeId)).toEqual(charge);
  });

  it("a used token is refused as invalid", async () => {
    const cardToken = await fake.createToken();
    await provider.createCustomer({
      ownerId: "o",
      email: "a@example.com",
      cardToken,
      idempotencyKey: "u-1",
    });
    const error = await caught(
      provider.createCustomer({
        ownerId: "o",
        email: "a@example.com",
        cardToken,
        idempotencyKey: "u-2",
      }),
    );
    expect(error.kind).toBe("invalid");
    expect(error.details).toMatchObject({ code: "used_token", status: 400 });
  });

  it("a declined card is a failed charge, not an exception", async () => {
    const { customerId } = await newCustomer("4111111111140011");
    const charge = await provider.chargeCard({
      customerId,
      amountSatang: 99_000,
      description: "renewal",
      metadata: {},
      returnUri: null,
      idempotencyKey: "decline-1",
    });
    expect(charge).toMatchObject({ status: "failed", failureCode: "insufficient_fund" });
    expect(charge.failureMessage).toContain("insufficient funds");

    const good = await newCustomer();
    fake.declineNextCharges(1, "stolen_or_lost_card");
    const declined = await provider.chargeCard({
      customerId: good.customerId,
      amountSatang: 99_000,
      description: "renewal",
      metadata: {},
      returnUri: null,
      idempotencyKey: "decline-2",
    });
    expect(declined).toMatchObject({ status: "failed", failureCode: "stolen_or_lost_card" });
  });

  it("3-D Secure: pending with the bank's page, which completes the charge, posts the webhook and returns", async () => {
    const { customerId } = await newCustomer("4000000000003063");
    const charge = await provider.chargeCard({
      customerId,
      amountSatang: 250_000,
      description: "Jai Pro",
      metadata: { invoiceId: "inv-3ds" },
      returnUri: "https://jai.example/console/billing?payment=inv-3ds",
      idempotencyKey: "3ds-1",
    });
    expect(charge.status).toBe("pending");
    expect(charge.authorizeUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/3ds\/chrg_test_/);

    const visit = await fetch(charge.authorizeUri as string, { redirect: "manual" });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe(
      "https://jai.example/console/billing?payment=inv-3ds",
    );
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.result).toMatchObject({
      kind: "charge.succeeded",
      type: "charge.complete",
      chargeId: charge.chargeId,
    });
    expect(await provider.retrieveCharge(charge.chargeId)).toMatchObject({
      status: "succeeded",
      authorizeUri: null,
    });

    // Off-session (a renewal), such a card cannot be charged.
    const renewal = await provider.chargeCard({
      customerId,
      amountSatang: 250_000,
      description: "renewal",
      metadata: {},
      returnUri: null,
      idempotencyKey: "3ds-2",
    });
    expect(renewal).toMatchObject({ status: "failed", failureCode: "payment_rejected" });
  });

  it("PromptPay: a pending charge with a QR image that expires, paid by webhook", async () => {
    const before = Date.now();
    const charge = await provider.createPromptPayCharge({
      amountSatang: 99_000,
      description: "Jai Starter",
      metadata: { invoiceId: "inv-pp" },
      email: "owner@example.com",
      idempotencyKey: "pp-1",
    });
    expect(charge).toMatchObject({
      status: "pending",
      amountSatang: 99_000,
      metadata: { invoiceId: "inv-pp" },
    });
    expect(charge.promptPay.payload).toBeNull();
    const expiresIn = Date.parse(charge.promptPay.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(61 * 60_000);
    const image = await fetch(charge.promptPay.imageUrl as string);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(await image.text()).toMatch(/^<svg/);

    const delivery = await fake.payPromptPay(charge.chargeId);
    expect(delivery.status).toBe(200);
    expect(receiver.received[0]?.result).toMatchObject({
      id: delivery.event.id,
      kind: "charge.succeeded",
      chargeId: charge.chargeId,
    });
    const event = receiver.received[0]?.result as { createdAt: Date; payload: unknown };
    expect(event.createdAt).toBeInstanceOf(Date);
    expect(await provider.retrieveCharge(charge.chargeId)).toMatchObject({ status: "succeeded" });
  });

  it("PromptPay: an unpaid QR expires", async () => {
    const charge = await provider.createPromptPayCharge({
      amountSatang: 5_000,
      description: "x",
      metadata: {},
      email: "owner@example.com",
      idempotencyKey: "pp-expire",
    });
    await fake.expire(charge.chargeId);
    expect(receiver.received[0]?.result).toMatchObject({
      kind: "charge.expired",
      chargeId: charge.chargeId,
    });
    expect(await provider.retrieveCharge(charge.chargeId)).toMatchObject({ status: "expired" });
  });

  it("refunds (partly, then the rest), with refund.create events", async () => {
    const { customerId } = await newCustomer();
    const charge = await provider.chargeCard({
      customerId,
      amountSatang: 100_000,
      description: "x",
      metadata: {},
      returnUri: null,
      idempotencyKey: "refund-charge",
    });
    const { refundId } = await provider.refund({
      chargeId: charge.chargeId,
      amountSatang: 40_000,
      idempotencyKey: "r-1",
    });
    expect(refundId).toMatch(/^rfnd_test_/);
    await fake.settled();
    expect(receiver.received.at(-1)?.result).toMatchObject({
      kind: "charge.refunded",
      chargeId: charge.chargeId,
    });
    expect(await provider.retrieveCharge(charge.chargeId)).toMatchObject({ status: "succeeded" });

    const tooMuch = await caught(
      provider.refund({ chargeId: charge.chargeId, amountSatang: 70_000, idempotencyKey: "r-2" }),
    );
    expect(tooMuch.kind).toBe("invalid");
    await fake.refund(charge.chargeId);
    expect(await provider.retrieveCharge(charge.chargeId)).toMatchObject({ status: "refunded" });
  });

  it("idempotency: the same key and request give the same charge; another request under the key is refused", async () => {
    const { customerId } = await newCustomer();
    const input = {
      customerId,
      amountSatang: 99_000,
      description: "x",
      metadata: { invoiceId: "idem" },
      returnUri: null,
      idempotencyKey: "idem-1",
    };
    const first = await provider.chargeCard(input);
    const again = await provider.chargeCard(input);
    expect(again.chargeId).toBe(first.chargeId);
    expect([...fake.charges.values()].filter((c) => c.metadata.invoiceId === "idem")).toHaveLength(
      1,
    );
    const conflict = await caught(provider.chargeCard({ ...input, amountSatang: 10_000 }));
    expect(conflict).toMatchObject({ kind: "invalid", details: { status: 422 } });
  });

  it("maps errors: 429 → unavailable with Retry-After, 5xx → unavailable, bad keys → auth, unknown → invalid", async () => {
    fake.failNext(1, 429, 7);
    const limited = await caught(provider.retrieveCharge("chrg_test_whatever"));
    expect(limited).toMatchObject({
      kind: "unavailable",
      details: { status: 429, retryAfterSeconds: 7 },
    });

    fake.failNext(1, 503);
    expect(await caught(provider.retrieveCharge("chrg_test_whatever"))).toMatchObject({
      kind: "unavailable",
      details: { status: 503 },
    });

    const notFound = await caught(provider.retrieveCharge("chrg_test_nobody"));
    expect(notFound).toMatchObject({
      kind: "invalid",
      details: { status: 404, code: "not_found" },
    });

    const wrongKeys = createOmiseProvider({
      ...fake.providerOptions,
      secretKey: "skey_test_wrong",
    });
    const auth = await caught(wrongKeys.retrieveCharge("chrg_test_whatever"));
    expect(auth.kind).toBe("auth");
    expect(auth.message).not.toContain("skey_test_wrong");

    const down = createOmiseProvider({ ...fake.providerOptions, apiUrl: "http://127.0.0.1:9" });
    expect((await caught(down.retrieveCharge("x"))).kind).toBe("unavailable");

    const slow = createOmiseProvider({
      ...fake.providerOptions,
      fetch: async () => {
        throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
      },
    });
    const timedOut = await caught(slow.retrieveCharge("x"));
    expect(timedOut).toMatchObject({ kind: "unavailable" });
    expect(timedOut.message).toContain("10 s");
  });

  it("webhooks: a bad signature, a missing header and a stale timestamp are refused; a rotated key passes", async () => {
    const data = { object: "charge", id: "chrg_test_x", status: "successful", amount: 100 };
    const bad = await fake.sendEvent(
      { key: "charge.complete", data },
      { signatureOverride: "ab".repeat(32) },
    );
    expect(bad.status).toBe(401);
    const missing = await fake.sendEvent({ key: "charge.complete", data }, { omitSignature: true });
    expect(missing.status).toBe(401);
    const stale = await fake.sendEvent(
      { key: "charge.complete", data },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    );
    expect(stale.status).toBe(401);
    expect(receiver.received.map((each) => (each.result as Error).message)).toEqual([
      "the webhook's Omise signature does not match",
      "the webhook has no Omise signature",
      "the webhook's signature timestamp is too far from now (a replay?)",
    ]);

    const signed = fake.signedEvent({ key: "charge.complete", data });
    const rotated = new Headers(signed.headers);
    rotated.set("Omise-Signature", `${"cd".repeat(32)},${signed.headers["Omise-Signature"]}`);
    expect(provider.verifyWebhook(signed.body, rotated)).toMatchObject({
      kind: "charge.succeeded",
    });
    expect(() => provider.verifyWebhook(`${signed.body} `, rotated)).toThrow(PaymentProviderError);

    // A replay of an earlier event: the same id (the app stores ids unique).
    const first = await fake.sendEvent({
      key: "charge.create",
      data: { ...data, status: "pending" },
    });
    const replay = await fake.sendEvent(null, { replayOf: first.event.id });
    expect(replay.status).toBe(200);
    const [a, b] = receiver.received
      .slice(-2)
      .map((each) => each.result as { id: string; kind: string });
    expect(a?.id).toBe(b?.id);
    expect(a?.kind).toBe("other");
  });

  it("hands webhooks to an in-process app when given one (app.fetch)", async () => {
    const seen: unknown[] = [];
    fake.setWebhookUrl("http://localhost:3000/api/webhooks/payments/omise", async (request) => {
      seen.push(provider.verifyWebhook(await request.text(), request.headers));
      return new Response(null, { status: 204 });
    });
    try {
      const charge = await provider.createPromptPayCharge({
        amountSatang: 5_000,
        description: "x",
        metadata: {},
        email: "owner@example.com",
        idempotencyKey: "pp-in-process",
      });
      const delivery = await fake.payPromptPay(charge.chargeId);
      expect(delivery.status).toBe(204);
      expect(seen).toEqual([
        expect.objectContaining({ kind: "charge.succeeded", chargeId: charge.chargeId }),
      ]);
      expect(receiver.received).toHaveLength(0);
    } finally {
      fake.setWebhookUrl(receiver.url);
    }
  });

  it("maps Omise's events", () => {
    const event = (key: string, data: unknown) => {
      const signed = fake.signedEvent({ key, data, createdAt: new Date("2026-01-02T03:04:05Z") });
      return provider.verifyWebhook(signed.body, new Headers(signed.headers));
    };
    const charge = { object: "charge", id: "chrg_test_1", amount: 100 };
    expect(event("charge.complete", { ...charge, status: "failed" })).toMatchObject({
      kind: "charge.failed",
      chargeId: "chrg_test_1",
      createdAt: new Date("2026-01-02T03:04:05Z"),
    });
    expect(event("charge.complete", { ...charge, status: "expired" }).kind).toBe("charge.expired");
    expect(event("charge.create", { ...charge, status: "successful" }).kind).toBe("other");
    expect(
      event("charge.update", { ...charge, status: "successful", refunded_amount: 100 }),
    ).toMatchObject({
      kind: "charge.refunded",
      chargeId: "chrg_test_1",
    });
    expect(
      event("refund.create", { object: "refund", id: "rfnd_test_1", charge: "chrg_test_1" }),
    ).toMatchObject({
      kind: "charge.refunded",
      chargeId: "chrg_test_1",
    });
    expect(event("customer.create", { object: "customer", id: "cust_test_1" })).toMatchObject({
      kind: "other",
      chargeId: null,
    });
  });

  it("refuses a charge below Omise's minimum and a non-THB body as invalid", async () => {
    const { customerId } = await newCustomer();
    const small = await caught(
      provider.chargeCard({
        customerId,
        amountSatang: 1_999,
        description: "x",
        metadata: {},
        returnUri: null,
        idempotencyKey: "small",
      }),
    );
    expect(small).toMatchObject({
      kind: "invalid",
      details: { code: "invalid_charge", status: 400 },
    });
  });
});
