import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../../../test/fake-stripe";
import {
  providerErrorOf as caught,
  startPaymentWebhookReceiver as startReceiver,
} from "../../../test/payment-webhook-receiver";
import { type PaymentProvider, PaymentProviderError } from "./payment-provider";
import { createStripeProvider } from "./stripe";

describe("Stripe provider (the stripe SDK) against the fake", () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider(fake.providerOptions);
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

  const newCustomer = async (cardToken: string) =>
    provider.createCustomer({
      ownerId: "owner-1",
      email: "owner@example.com",
      cardToken,
      idempotencyKey: `customer-${cardToken}-${Math.random()}`,
    });
  const charge = (customerId: string, key: string, returnUri: string | null = null) =>
    provider.chargeCard({
      customerId,
      amountSatang: 99_000,
      description: "Jai Starter, 1 month",
      metadata: { invoiceId: key, ownerId: "owner-1" },
      returnUri,
      idempotencyKey: key,
    });

  it("tokenises a card with the publishable key, as a browser does (CORS)", async () => {
    const { tokenizeUrl, publicKey } = provider.cardForm;
    expect(tokenizeUrl).toBe(`${fake.url}/v1/payment_methods`);
    expect(publicKey).toBe(fake.publishableKey);
    const preflight = await fetch(tokenizeUrl, { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const form = new URLSearchParams({
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": String(new Date().getFullYear() + 2),
      "card[cvc]": "123",
    });
    const post = (key: string) =>
      fetch(tokenizeUrl, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: form,
      });
    const ok = await post(publicKey);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    const method = (await ok.json()) as { id: string; card: { last4: string; brand: string } };
    expect(method.id).toMatch(/^pm_/);
    expect(method.card).toMatchObject({ brand: "visa", last4: "4242" });
    expect((await post("pk_test_other")).status).toBe(401);
    form.set("card[number]", "4242424242424241");
    const bad = await post(publicKey);
    expect(bad.status).toBe(402);
    expect(await bad.json()).toMatchObject({
      error: { type: "card_error", code: "incorrect_number" },
    });
    // The publishable key tokenises and nothing else.
    const other = await fetch(`${fake.url}/v1/customers/cus_x`, {
      headers: { Authorization: `Bearer ${publicKey}` },
    });
    expect(other.status).toBe(401);
  });

  it("creates a customer with the card as its default, replaces it, charges it off-session", async () => {
    const { customerId, card } = await newCustomer(await fake.createPaymentMethod());
    expect(customerId).toMatch(/^cus_/);
    expect(card).toMatchObject({ brand: "Visa", last4: "4242", expMonth: 12 });

    const mastercard = await fake.createPaymentMethod({ number: "5555555555554444" });
    expect(
      await provider.replaceCard({
        customerId,
        cardToken: mastercard,
        idempotencyKey: "replace-1",
      }),
    ).toMatchObject({
      brand: "MasterCard",
      last4: "4444",
    });
    expect(fake.customers.get(customerId)).toMatchObject({
      invoice_settings: { default_payment_method: mastercard },
    });

    const paid = await charge(customerId, "inv-1");
    expect(paid).toMatchObject({
      status: "succeeded",
      amountSatang: 99_000,
      metadata: { invoiceId: "inv-1", ownerId: "owner-1" },
      failureCode: null,
      authorizeUri: null,
    });
    expect(paid.chargeId).toMatch(/^pi_/);
    expect(fake.charges.get(paid.chargeId)).toMatchObject({
      payment_method: mastercard,
      currency: "thb",
    });
    expect(await provider.retrieveCharge(paid.chargeId)).toEqual(paid);
  });

  it("Stripe's test tokens work (pm_card_visa)", async () => {
    const { customerId, card } = await newCustomer("pm_card_visa");
    expect(card.last4).toBe("4242");
    expect((await charge(customerId, "inv-token")).status).toBe("succeeded");
  });

  it("a PaymentMethod attached to another customer is refused as invalid", async () => {
    const token = await fake.createPaymentMethod();
    await newCustomer(token);
    const error = await caught(newCustomer(token));
    expect(error).toMatchObject({ kind: "invalid", details: { status: 400 } });
  });

  it("a declined card is a failed charge, not an exception", async () => {
    const declinedCard = await newCustomer(
      await fake.createPaymentMethod({ number: "4000000000009995" }),
    );
    const failed = await charge(declinedCard.customerId, "inv-decline");
    expect(failed).toMatchObject({ status: "failed", failureCode: "insufficient_funds" });
    expect(failed.failureMessage).toBe("Your card has insufficient funds.");
    expect(failed.chargeId).toMatch(/^pi_/);
    expect(await provider.retrieveCharge(failed.chargeId)).toMatchObject({ status: "failed" });

    const testToken = await newCustomer("pm_card_chargeDeclinedInsufficientFunds");
    expect((await charge(testToken.customerId, "inv-decline-2")).status).toBe("failed");

    const good = await newCustomer(await fake.createPaymentMethod());
    fake.declineNextCharges(1, "lost_card");
    expect(await charge(good.customerId, "inv-decline-3")).toMatchObject({
      status: "failed",
      failureCode: "lost_card",
    });
    expect((await charge(good.customerId, "inv-decline-4")).status).toBe("succeeded");
  });

  it("3-D Secure at checkout: pending with the bank's page, which completes, posts the webhook and returns", async () => {
    const { customerId } = await newCustomer(
      await fake.createPaymentMethod({ number: "4000000000003063" }),
    );
    const pending = await charge(
      customerId,
      "inv-3ds",
      "https://jai.example/console/billing?payment=inv-3ds",
    );
    expect(pending.status).toBe("pending");
    expect(pending.authorizeUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/3ds\/pi_/);

    const visit = await fetch(pending.authorizeUri as string, { redirect: "manual" });
    expect(visit.status).toBe(302);
    const back = new URL(visit.headers.get("location") as string);
    expect(back.origin + back.pathname).toBe("https://jai.example/console/billing");
    expect(back.searchParams.get("payment")).toBe("inv-3ds");
    expect(back.searchParams.get("redirect_status")).toBe("succeeded");
    expect(receiver.received[0]?.result).toMatchObject({
      kind: "charge.succeeded",
      type: "payment_intent.succeeded",
      chargeId: pending.chargeId,
    });
    expect(await provider.retrieveCharge(pending.chargeId)).toMatchObject({
      status: "succeeded",
      authorizeUri: null,
    });

    // A renewal (off-session) with such a card fails: the payer is not there to authenticate.
    expect(await charge(customerId, "inv-3ds-renewal")).toMatchObject({
      status: "failed",
      failureCode: "authentication_required",
    });
  });

  it("PromptPay: a pending intent with the EMVCo data and a PNG QR, paid by webhook", async () => {
    const before = Date.now();
    const promptPay = await provider.createPromptPayCharge({
      amountSatang: 99_000,
      description: "Jai Starter",
      metadata: { invoiceId: "inv-pp" },
      email: "owner@example.com",
      idempotencyKey: "pp-1",
    });
    expect(promptPay).toMatchObject({
      status: "pending",
      amountSatang: 99_000,
      metadata: { invoiceId: "inv-pp" },
      authorizeUri: null,
    });
    expect(promptPay.promptPay.payload).toMatch(/^000201.*5303764.*5802TH.*6304[0-9A-F]{4}$/);
    const expiresIn = Date.parse(promptPay.promptPay.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(58 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(61 * 60_000);
    const image = await fetch(promptPay.promptPay.imageUrl as string);
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    const delivery = await fake.payPromptPay(promptPay.chargeId);
    expect(delivery.status).toBe(200);
    expect(receiver.received[0]?.result).toMatchObject({
      id: delivery.event.id,
      kind: "charge.succeeded",
      chargeId: promptPay.chargeId,
    });
    expect(await provider.retrieveCharge(promptPay.chargeId)).toMatchObject({
      status: "succeeded",
    });
  });

  it("PromptPay: an unpaid QR expires (payment_intent.canceled)", async () => {
    const promptPay = await provider.createPromptPayCharge({
      amountSatang: 5_000,
      description: "x",
      metadata: {},
      email: "owner@example.com",
      idempotencyKey: "pp-expire",
    });
    await fake.expire(promptPay.chargeId);
    expect(receiver.received[0]?.result).toMatchObject({
      kind: "charge.expired",
      chargeId: promptPay.chargeId,
    });
    expect(await provider.retrieveCharge(promptPay.chargeId)).toMatchObject({ status: "expired" });
  });

  it("refunds (partly, then the rest), with charge.refunded naming the intent", async () => {
    const { customerId } = await newCustomer(await fake.createPaymentMethod());
    const paid = await charge(customerId, "inv-refund");
    const { refundId } = await provider.refund({
      chargeId: paid.chargeId,
      amountSatang: 40_000,
      idempotencyKey: "r-1",
    });
    expect(refundId).toMatch(/^re_/);
    await fake.settled();
    expect(receiver.received.at(-1)?.result).toMatchObject({
      kind: "charge.refunded",
      chargeId: paid.chargeId,
    });
    expect(await provider.retrieveCharge(paid.chargeId)).toMatchObject({ status: "succeeded" });
    const tooMuch = await caught(
      provider.refund({ chargeId: paid.chargeId, amountSatang: 70_000, idempotencyKey: "r-2" }),
    );
    expect(tooMuch.kind).toBe("invalid");
    await fake.refund(paid.chargeId);
    expect(await provider.retrieveCharge(paid.chargeId)).toMatchObject({ status: "refunded" });
  });

  it("idempotency: the same key and request give the same intent; other parameters under the key are refused", async () => {
    const { customerId } = await newCustomer(await fake.createPaymentMethod());
    const first = await charge(customerId, "idem-1");
    const again = await charge(customerId, "idem-1");
    expect(again.chargeId).toBe(first.chargeId);
    expect(
      [...fake.charges.values()].filter((each) => each.metadata.invoiceId === "idem-1"),
    ).toHaveLength(1);
    const conflict = await caught(
      provider.chargeCard({
        customerId,
        amountSatang: 10_000,
        description: "x",
        metadata: {},
        returnUri: null,
        idempotencyKey: "idem-1",
      }),
    );
    expect(conflict).toMatchObject({ kind: "invalid", details: { status: 400 } });
  });

  it("maps errors: 429 → unavailable with Retry-After, 5xx (after the SDK's one retry) → unavailable, bad key → auth", async () => {
    fake.failNext(1, 429, 9);
    expect(await caught(provider.retrieveCharge("pi_whatever"))).toMatchObject({
      kind: "unavailable",
      details: { status: 429, retryAfterSeconds: 9 },
    });

    fake.failNext(1, 500);
    expect((await caught(provider.retrieveCharge("pi_nobody"))).details.status).toBe(404); // retried once
    fake.failNext(2, 503);
    expect(await caught(provider.retrieveCharge("pi_whatever"))).toMatchObject({
      kind: "unavailable",
      details: { status: 503 },
    });

    expect(await caught(provider.retrieveCharge("pi_nobody"))).toMatchObject({
      kind: "invalid",
      details: { status: 404, code: "resource_missing" },
    });

    const wrongKey = createStripeProvider({
      ...fake.providerOptions,
      secretKey: "sk_test_wrong_key_0123456789",
    });
    const auth = await caught(wrongKey.retrieveCharge("pi_whatever"));
    expect(auth.kind).toBe("auth");
    expect(auth.message).not.toContain("sk_test_wrong_key_0123456789");

    const down = createStripeProvider({ ...fake.providerOptions, apiUrl: "http://127.0.0.1:9" });
    expect((await caught(down.retrieveCharge("pi_x"))).kind).toBe("unavailable");
  });

  it("webhooks: a bad signature, a missing header and a stale timestamp are refused; replays keep their id", async () => {
    const intent = { object: "payment_intent", id: "pi_x", status: "succeeded", amount: 100 };
    const bad = await fake.sendEvent(
      { type: "payment_intent.succeeded", object: intent },
      { signatureOverride: `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}` },
    );
    expect(bad.status).toBe(401);
    const missing = await fake.sendEvent(
      { type: "payment_intent.succeeded", object: intent },
      { omitSignature: true },
    );
    expect(missing.status).toBe(401);
    const stale = await fake.sendEvent(
      { type: "payment_intent.succeeded", object: intent },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    );
    expect(stale.status).toBe(401);
    expect(receiver.received.map((each) => (each.result as Error).message)).toEqual([
      "the webhook's Stripe signature does not match",
      "the webhook has no Stripe-Signature",
      "the webhook's signature timestamp is outside the tolerance (a replay?)",
    ]);
    for (const each of receiver.received) expect(each.result).toBeInstanceOf(PaymentProviderError);

    const first = await fake.sendEvent({ type: "payment_intent.created", object: intent });
    const replay = await fake.sendEvent(null, { replayOf: first.event.id });
    expect(replay.status).toBe(200);
    const [a, b] = receiver.received
      .slice(-2)
      .map((each) => each.result as { id: string; kind: string });
    expect(a?.id).toBe(b?.id);
    expect(a?.kind).toBe("other");
  });

  it("maps Stripe's events", () => {
    const event = (type: string, object: unknown) => {
      const signed = fake.signedEvent({
        type,
        object,
        createdAt: new Date("2026-01-02T03:04:05Z"),
      });
      return provider.verifyWebhook(signed.body, new Headers(signed.headers));
    };
    const intent = { object: "payment_intent", id: "pi_1", amount: 100 };
    expect(event("payment_intent.payment_failed", intent)).toMatchObject({
      kind: "charge.failed",
      chargeId: "pi_1",
      createdAt: new Date("2026-01-02T03:04:05Z"),
    });
    expect(event("payment_intent.canceled", intent).kind).toBe("charge.expired");
    expect(event("payment_intent.succeeded", intent).kind).toBe("charge.succeeded");
    expect(
      event("charge.refunded", { object: "charge", id: "ch_1", payment_intent: "pi_1" }),
    ).toMatchObject({
      kind: "charge.refunded",
      chargeId: "pi_1",
    });
    expect(event("customer.created", { object: "customer", id: "cus_1" })).toMatchObject({
      kind: "other",
      chargeId: null,
    });
  });

  it("PromptPay without an e-mail and amounts below ฿10 are refused as invalid", async () => {
    const small = await caught(
      provider.createPromptPayCharge({
        amountSatang: 999,
        description: "x",
        metadata: {},
        email: "a@example.com",
        idempotencyKey: "s",
      }),
    );
    expect(small).toMatchObject({ kind: "invalid", details: { code: "amount_too_small" } });
    const noEmail = await caught(
      provider.createPromptPayCharge({
        amountSatang: 5_000,
        description: "x",
        metadata: {},
        email: "",
        idempotencyKey: "e",
      }),
    );
    expect(noEmail.kind).toBe("invalid");
  });
});
