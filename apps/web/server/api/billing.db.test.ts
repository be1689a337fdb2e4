import type {
  BillingActionResultDto,
  BillingOverviewDto,
  InvoiceDto,
} from "@jai/contracts/billing";
import { planPriceSatang } from "@jai/contracts/billing";
import { bots, emailOutbox, eq, invoices, ownerPlans, paymentEvents, payments } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { processPaymentEvents } from "../modules/billing/billing-events";
import { createOmiseProvider } from "../modules/billing/providers/omise";
import type { PaymentProvider } from "../modules/billing/providers/payment-provider";
import { createStripeProvider } from "../modules/billing/providers/stripe";
import { runRenewals } from "../modules/billing/renewals";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
  testSeller,
} from "../test/console-test-app";
import { type FakeOmise, startFakeOmise } from "../test/fake-omise";
import { type FakeStripe, startFakeStripe } from "../test/fake-stripe";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const dayMs = 24 * 60 * 60 * 1000;
const declinedCard = "4111111111140011";

/**
 * Billing end to end on the fake Omise (the default provider) and, by configuration, the fake
 * Stripe: real HTTP to the fakes, signed webhooks into the app, stored, processed by the job.
 */
describe("billing on Omise (/api/console/billing)", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let fake: FakeOmise;
  let provider: PaymentProvider;
  let counter = 0;
  const db = () => testDatabase.db;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    fake = await startFakeOmise();
    provider = createOmiseProvider(fake.providerOptions);
    testApp = createConsoleTestApp(testDatabase, { billing: { provider } });
    fake.setWebhookUrl(`${testPublicUrl}/api/webhooks/payments/omise`, (request) =>
      testApp.app.fetch(request),
    );
  });
  afterAll(async () => {
    await fake?.close();
    await testDatabase?.cleanup();
  });

  const newOwner = () => signInOwner(testApp, testDatabase, `billing-${++counter}@example.com`);
  const overview = async (owner: OwnerClient) =>
    (await owner.request("GET", "/api/console/billing")).body as BillingOverviewDto;
  const invoicesOf = async (owner: OwnerClient) =>
    (await owner.request("GET", "/api/console/billing/invoices")).body as InvoiceDto[];
  const processEvents = () =>
    processPaymentEvents({
      db: db(),
      logger: testApp.log.logger,
      provider,
      seller: testSeller,
      publicUrl: testPublicUrl,
    });
  const renewals = (now: Date) =>
    runRenewals({
      db: db(),
      logger: testApp.log.logger,
      billing: testApp.services.billing,
      publicUrl: testPublicUrl,
      now: () => now,
    });
  async function checkoutCard(
    owner: OwnerClient,
    planId = "pro",
    billingCycle = "monthly",
    number = "4242424242424242",
  ) {
    const cardToken = await fake.createToken({ number });
    return owner.request("POST", "/api/console/billing/checkout", {
      method: "card",
      planId,
      billingCycle,
      cardToken,
    });
  }
  /** Moves the owner's period so that it ends at `end` (time passing, without waiting). */
  async function setPeriod(ownerId: string, start: Date, end: Date) {
    await db()
      .update(ownerPlans)
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where(eq(ownerPlans.ownerId, ownerId));
    await db()
      .update(invoices)
      .set({ periodStart: start, periodEnd: end })
      .where(eq(invoices.ownerId, ownerId));
  }

  it("trial → card checkout → active, with a numbered receipt and its PDF", async () => {
    const owner = await newOwner();
    const before = await overview(owner);
    expect(before).toMatchObject({ planId: "free", status: "trialing", provider: "omise" });
    expect(before.cardForm.tokenizeUrl).toBe(`${fake.vaultUrl}/tokens`);
    expect(JSON.stringify(before)).not.toContain(fake.secretKey);

    const response = await checkoutCard(owner, "pro", "yearly");
    expect(response.status).toBe(200);
    const result = response.body as BillingActionResultDto;
    expect(result.payment).toMatchObject({ status: "succeeded", method: "card" });
    expect(result.overview).toMatchObject({
      planId: "pro",
      billingCycle: "yearly",
      status: "active",
      paymentMethod: "card",
      card: { last4: "4242" },
    });
    const start = new Date(result.overview.currentPeriodStart!);
    const end = new Date(result.overview.currentPeriodEnd!);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(result.overview.nextCharge).toMatchObject({
      amountSatang: planPriceSatang("pro", "yearly"),
      method: "card",
    });

    const list = await invoicesOf(owner);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      status: "paid",
      documentKind: "receipt",
      totalSatang: 2_689_200,
      reason: "subscription",
    });
    expect(list[0]!.number).toMatch(/^INV-\d{6}$/);
    const pdf = await owner.fetch(
      "GET",
      `/api/console/billing/invoices/${list[0]!.id}/pdf?lang=th`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const charge = fake.charges.get(
      (await db().select().from(payments).where(eq(payments.ownerId, owner.ownerId)))[0]!
        .providerChargeId!,
    );
    expect(charge).toMatchObject({ amount: 2_689_200, status: "successful" });
  });

  it("a declined card: 402 in words, nothing charged, no number used, still on the trial", async () => {
    const owner = await newOwner();
    const response = await checkoutCard(owner, "starter", "monthly", declinedCard);
    expect(response.status).toBe(402);
    expect(response.body.error.code).toBe("PAYMENT_FAILED");
    expect(response.body.error.fields.reason).toBe("insufficient_fund");
    // Why, in the payer's language (Omise's own English words stay in the logs).
    expect(response.body.error.message).toBe(
      "The payment did not go through: the card has not enough funds or has reached its limit. Nothing was charged; please check the card or use another one.",
    );
    const cardToken = await fake.createToken({ number: declinedCard });
    const thai = await owner.request(
      "POST",
      "/api/console/billing/checkout",
      { method: "card", planId: "starter", billingCycle: "monthly", cardToken },
      { "Accept-Language": "th" },
    );
    expect(thai.body.error.message).toBe(
      "ชำระเงินไม่สำเร็จ: ยอดเงินในบัตรไม่พอหรือเต็มวงเงินแล้ว ยังไม่มีการตัดเงิน กรุณาตรวจสอบบัตรหรือใช้บัตรอื่น",
    );
    expect(await overview(owner)).toMatchObject({ planId: "free", status: "trialing" });
    const rows = await db().select().from(invoices).where(eq(invoices.ownerId, owner.ownerId));
    expect(rows.map((row) => [row.status, row.number])).toEqual([
      ["void", null],
      ["void", null],
    ]);
  });

  it("the provider down: 402 provider_unavailable, nothing changes", async () => {
    const owner = await newOwner();
    const cardToken = await fake.createToken({});
    fake.failNext(10, 503);
    const response = await owner.request("POST", "/api/console/billing/checkout", {
      method: "card",
      planId: "starter",
      billingCycle: "monthly",
      cardToken,
    });
    fake.failNext(0, 503);
    expect(response.status).toBe(402);
    expect(response.body.error.fields.reason).toBe("provider_unavailable");
    expect(await overview(owner)).toMatchObject({ planId: "free", status: "trialing" });
  });

  it("PromptPay: a QR, paid by webhook (stored, then processed), a replay changes nothing", async () => {
    const owner = await newOwner();
    const response = await owner.request("POST", "/api/console/billing/checkout", {
      method: "promptpay",
      planId: "business",
      billingCycle: "sixMonths",
    });
    expect(response.status).toBe(200);
    const result = response.body as BillingActionResultDto;
    expect(result.payment).toMatchObject({ status: "pending", method: "promptpay" });
    expect(result.payment!.promptPay!.imageUrl).toBe(
      `/api/console/billing/payments/${result.payment!.id}/qr`,
    );
    const qr = await owner.fetch("GET", result.payment!.promptPay!.imageUrl!);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toMatch(/^image\/(png|svg\+xml)$/);
    expect(result.overview.planId).toBe("free");
    expect(result.overview.openInvoice?.promptPay).not.toBeNull();

    const [payment] = await db().select().from(payments).where(eq(payments.ownerId, owner.ownerId));
    const delivery = await fake.payPromptPay(payment!.providerChargeId!);
    expect(delivery.status).toBe(200);
    // Stored first: nothing applied before the job runs.
    expect((await overview(owner)).planId).toBe("free");
    expect(await processEvents()).toBeGreaterThan(0);
    expect(await overview(owner)).toMatchObject({
      planId: "business",
      billingCycle: "sixMonths",
      status: "active",
      paymentMethod: "promptpay",
    });
    const paid = await invoicesOf(owner);
    expect(paid.filter((invoice) => invoice.status === "paid")).toHaveLength(1);

    // The same event again, and again: one row, one invoice, one number.
    const replay = await fake.sendEvent(null, { replayOf: delivery.event.id });
    expect(replay.status).toBe(200);
    await fake.sendEvent(null, { replayOf: delivery.event.id });
    await processEvents();
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, delivery.event.id));
    expect(events).toHaveLength(1);
    expect((await invoicesOf(owner)).filter((invoice) => invoice.status === "paid")).toEqual(paid);
  });

  it("webhooks with a bad, missing or stale signature: 401, nothing stored", async () => {
    const before = (await db().select().from(paymentEvents)).length;
    const event = { key: "charge.complete", data: { object: "charge", id: "chrg_test_forged" } };
    expect((await fake.sendEvent(event, { signatureOverride: "00".repeat(32) })).status).toBe(401);
    expect((await fake.sendEvent(event, { omitSignature: true })).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await fake.sendEvent(event, { timestamp: stale })).status).toBe(401);
    const unknown = await testApp.app.request(`${testPublicUrl}/api/webhooks/payments/paypal`, {
      method: "POST",
      body: "{}",
    });
    expect(unknown.status).toBe(404);
    expect((await db().select().from(paymentEvents)).length).toBe(before);
  });

  it("an out-of-order 'failed' event after the success changes nothing", async () => {
    const owner = await newOwner();
    await checkoutCard(owner, "starter", "monthly");
    const [payment] = await db().select().from(payments).where(eq(payments.ownerId, owner.ownerId));
    // An event saying the charge failed, older than the success: the provider's word decides.
    await fake.sendEvent({
      key: "charge.complete",
      data: { ...fake.charges.get(payment!.providerChargeId!)!, status: "failed" },
      createdAt: new Date(Date.now() - 60_000),
    });
    await processEvents();
    expect(await overview(owner)).toMatchObject({ planId: "starter", status: "active" });
    const [after] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(after!.status).toBe("succeeded");
  });

  it("an event stored a moment ago is due at once: the database's clock, which stamped it, decides", async () => {
    // By this process's millisecond clock an event stamped by the database in the same
    // millisecond looked not yet due, and the payment waited for the next poll (seen in CI).
    for (let round = 0; round < 150; round += 1) {
      const delivery = await fake.sendEvent({
        key: "customer.update",
        data: { id: `cust_${round}` },
      });
      expect(delivery.status).toBe(200);
      await processEvents();
      const [stored] = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, delivery.event.id));
      expect(stored!.processedAt).not.toBeNull();
    }
  });

  it("upgrade at once with proration; downgrade refused when over, scheduled when not", async () => {
    const owner = await newOwner();
    await checkoutCard(owner, "pro", "monthly");
    // Halfway through a 30-day period.
    const now = Date.now();
    await setPeriod(owner.ownerId, new Date(now - 15 * dayMs), new Date(now + 15 * dayMs));
    const up = await owner.request("POST", "/api/console/billing/change", {
      planId: "business",
      billingCycle: "monthly",
    });
    expect(up.status).toBe(200);
    const result = up.body as BillingActionResultDto;
    expect(result.overview).toMatchObject({ planId: "business", status: "active" });
    const upgrade = (await invoicesOf(owner)).find((invoice) => invoice.reason === "upgrade")!;
    const credit = upgrade.lines.find((line) => line.amountSatang < 0)!;
    // Half of ฿2,490 back (to within a second's worth), charged against ฿3,990.
    expect(Math.abs(credit.amountSatang + 124_500)).toBeLessThan(100);
    expect(upgrade.totalSatang).toBe(399_000 + credit.amountSatang);
    expect(result.payment!.amountSatang).toBe(upgrade.totalSatang);

    // 5 bots on Business; Pro allows 4.
    await db()
      .insert(bots)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          id: `bot-${owner.ownerId.slice(0, 8)}-${i}`,
          ownerId: owner.ownerId,
          name: `Bot ${i}`,
          personaId: null,
          persona: {},
        })) as never,
      )
      .catch(() => undefined);
    const botCount = (await db().select().from(bots).where(eq(bots.ownerId, owner.ownerId))).length;
    if (botCount > 4) {
      const refused = await owner.request("POST", "/api/console/billing/change", {
        planId: "pro",
        billingCycle: "monthly",
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.fields).toMatchObject({ limit: "downgrade", over: "bots" });
      expect(refused.body.error.message).toContain("Remove");
      await db().delete(bots).where(eq(bots.ownerId, owner.ownerId));
    }
    const down = await owner.request("POST", "/api/console/billing/change", {
      planId: "pro",
      billingCycle: "monthly",
    });
    expect(down.status).toBe(200);
    expect((down.body as BillingActionResultDto).overview).toMatchObject({
      planId: "business",
      pending: { planId: "pro", billingCycle: "monthly" },
    });
    expect((down.body as BillingActionResultDto).payment).toBeNull();
  });

  it("renewal failure → dunning (3 tries over 7 days) → read-only → paid again → active", async () => {
    const owner = await newOwner();
    await checkoutCard(owner, "starter", "monthly");
    const end = new Date(Date.now() - 1000);
    await setPeriod(owner.ownerId, new Date(end.getTime() - 30 * dayMs), end);
    fake.declineNextCharges(3, "insufficient_fund");

    expect(await renewals(new Date(end.getTime() + 60_000))).toBe(1);
    let state = await overview(owner);
    expect(state).toMatchObject({ status: "past_due", dunning: { attempts: 1 } });
    expect(new Date(state.dunning!.nextRetryAt!).getTime()).toBe(end.getTime() + 3 * dayMs);
    // Not due yet: nothing.
    expect(await renewals(new Date(end.getTime() + 2 * dayMs))).toBe(0);
    await renewals(new Date(end.getTime() + 3 * dayMs + 1000));
    state = await overview(owner);
    expect(state).toMatchObject({ status: "past_due", dunning: { attempts: 2 } });
    await renewals(new Date(end.getTime() + 7 * dayMs + 1000));
    state = await overview(owner);
    expect(state.status).toBe("read_only");
    expect(state.readOnlySince).not.toBeNull();
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "billing"));
    expect(mails.filter((mail) => mail.toAddress === owner.email).length).toBeGreaterThanOrEqual(3);
    // Each failed try's e-mail says why in the owner's words, not Omise's.
    const failedTries = mails.filter(
      (mail) => mail.toAddress === owner.email && mail.subject.includes("renewal failed"),
    );
    expect(failedTries.length).toBeGreaterThanOrEqual(2);
    for (const mail of failedTries) {
      expect(mail.textBody).toContain("(the card has not enough funds or has reached its limit)");
    }

    // A new card and the open renewal paid: active again, a period starting now.
    const updated = await owner.request("PUT", "/api/console/billing/card", {
      cardToken: await fake.createToken({ number: "4242424242424242" }),
    });
    expect(updated.status).toBe(200);
    const open = (await overview(owner)).openInvoice!;
    expect(open.reason).toBe("renewal");
    const paid = await owner.request("POST", `/api/console/billing/invoices/${open.id}/pay`, {
      method: "card",
    });
    expect(paid.status).toBe(200);
    state = (paid.body as BillingActionResultDto).overview;
    expect(state).toMatchObject({ status: "active", dunning: null, readOnlySince: null });
    expect(new Date(state.currentPeriodStart!).getTime()).toBeGreaterThan(end.getTime());
  });

  it("PromptPay renewals: an invoice 7 days before, reminders, read-only after 7 days' grace", async () => {
    const owner = await newOwner();
    const checkout = await owner.request("POST", "/api/console/billing/checkout", {
      method: "promptpay",
      planId: "starter",
      billingCycle: "monthly",
    });
    const [payment] = await db().select().from(payments).where(eq(payments.ownerId, owner.ownerId));
    await fake.payPromptPay(payment!.providerChargeId!);
    await processEvents();
    expect(checkout.status).toBe(200);
    const end = new Date(Date.now() + 10 * dayMs);
    await setPeriod(owner.ownerId, new Date(end.getTime() - 30 * dayMs), end);
    const mailsTo = async () =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, owner.email))).filter(
        (mail) => mail.kind === "billing",
      ).length;

    expect(await renewals(new Date(end.getTime() - 8 * dayMs))).toBe(0);
    await renewals(new Date(end.getTime() - 7 * dayMs));
    const open = (await overview(owner)).openInvoice;
    expect(open).toMatchObject({ reason: "renewal", status: "open", number: null });
    expect(await mailsTo()).toBe(1);
    await renewals(new Date(end.getTime() - 2 * dayMs));
    await renewals(new Date(end.getTime() - 2 * dayMs + 1000));
    expect(await mailsTo()).toBe(2);
    await renewals(new Date(end.getTime() + 1000));
    expect(await mailsTo()).toBe(3);
    expect((await overview(owner)).status).toBe("past_due");
    await renewals(new Date(end.getTime() + 7 * dayMs + 1000));
    expect((await overview(owner)).status).toBe("read_only");

    // Paid by QR after all: active again.
    const pay = await owner.request("POST", `/api/console/billing/invoices/${open!.id}/pay`, {
      method: "promptpay",
    });
    expect(pay.status).toBe(200);
    const qrPayment = (pay.body as BillingActionResultDto).payment!;
    const [row] = await db().select().from(payments).where(eq(payments.id, qrPayment.id));
    await fake.payPromptPay(row!.providerChargeId!);
    await processEvents();
    expect(await overview(owner)).toMatchObject({ status: "active", planId: "starter" });
  });

  it("cancel keeps the plan to the period end, then read-only; resume undoes it", async () => {
    const owner = await newOwner();
    await checkoutCard(owner, "starter", "monthly");
    const cancelled = await owner.request("POST", "/api/console/billing/cancel");
    expect(cancelled.body).toMatchObject({
      cancelAtPeriodEnd: true,
      status: "active",
      nextCharge: null,
    });
    const resumed = await owner.request("POST", "/api/console/billing/resume");
    expect(resumed.body).toMatchObject({ cancelAtPeriodEnd: false });
    await owner.request("POST", "/api/console/billing/cancel");
    const end = new Date(Date.now() - 1000);
    await setPeriod(owner.ownerId, new Date(end.getTime() - 30 * dayMs), end);
    await renewals(new Date());
    expect((await overview(owner)).status).toBe("read_only");
    expect(fake.charges.size).toBeGreaterThan(0);
  });

  it("payment attempts are limited per workspace (card testing): 429 with Retry-After", async () => {
    const owner = await newOwner();
    for (let i = 0; i < 10; i++) {
      const attempt = await owner.request("POST", "/api/console/billing/checkout", {
        method: "card",
      });
      expect(attempt.status).toBe(422);
    }
    const refused = await checkoutCard(owner, "starter", "monthly");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Reading is not an attempt.
    expect((await owner.request("GET", "/api/console/billing")).status).toBe(200);
  });

  it("Enterprise goes through sales; bad input is a clear 422", async () => {
    const owner = await newOwner();
    const enterprise = await owner.request("POST", "/api/console/billing/checkout", {
      method: "promptpay",
      planId: "enterprise",
      billingCycle: "monthly",
    });
    expect(enterprise.status).toBe(403);
    expect(enterprise.body.error.fields.limit).toBe("contactSales");
    const bad = await owner.request("POST", "/api/console/billing/checkout", { method: "cash" });
    expect(bad.status).toBe(422);
    const profile = await owner.request("PUT", "/api/console/billing/profile", {
      companyName: "บริษัท ตัวอย่าง จำกัด",
      address: "1 ถนนสีลม กรุงเทพฯ 10500",
      taxId: "0105566000011",
      branch: "1",
      invoiceEmail: "not-an-email",
      withholdsTax: true,
      locale: "th",
    });
    expect(profile.status).toBe(422);
    expect(profile.body.error.fields).toMatchObject({
      taxId: "invalidTaxId",
      branch: "invalidBranch",
      invoiceEmail: "invalidEmail",
    });
  });

  it("a company that withholds 3%: the invoice says so and the charge is the total less it", async () => {
    const owner = await newOwner();
    const saved = await owner.request("PUT", "/api/console/billing/profile", {
      companyName: "บริษัท ตัวอย่าง จำกัด",
      address: "1 ถนนสีลม กรุงเทพฯ 10500",
      taxId: "0105566000010",
      branch: "00000",
      invoiceEmail: null,
      withholdsTax: true,
      locale: "th",
    });
    expect(saved.status).toBe(200);
    const response = await checkoutCard(owner, "starter", "monthly");
    expect(response.status).toBe(200);
    const [invoice] = await invoicesOf(owner);
    expect(invoice).toMatchObject({
      documentKind: "tax_invoice",
      totalSatang: 99_000,
      subtotalSatang: 92_523,
      vatSatang: 6_477,
      withholdingSatang: 2_776,
      expectedSatang: 96_224,
    });
    expect((response.body as BillingActionResultDto).payment!.amountSatang).toBe(96_224);
  });

  it("an open invoice marked as withheld (or not) before paying: the expected amount follows", async () => {
    const owner = await newOwner();
    await owner.request("PUT", "/api/console/billing/profile", {
      companyName: "บริษัท ตัวอย่าง จำกัด",
      address: "1 ถนนสีลม กรุงเทพฯ 10500",
      taxId: "0105566000010",
      branch: "00000",
      invoiceEmail: null,
      withholdsTax: false,
      locale: "th",
    });
    const started = await owner.request("POST", "/api/console/billing/checkout", {
      method: "promptpay",
      planId: "pro",
      billingCycle: "monthly",
    });
    const first = (started.body as BillingActionResultDto).payment!;
    expect(first.amountSatang).toBe(249_000);
    const invoiceId = first.invoiceId;
    const marked = await owner.request(
      "PUT",
      `/api/console/billing/invoices/${invoiceId}/withholding`,
      { withholds: true },
    );
    expect(marked.status).toBe(200);
    expect((marked.body as BillingOverviewDto).openInvoice).toMatchObject({
      id: invoiceId,
      withholdingSatang: 6_981,
      expectedSatang: 242_019,
      promptPay: null,
    });
    const again = await owner.request("POST", `/api/console/billing/invoices/${invoiceId}/pay`, {
      method: "promptpay",
    });
    expect((again.body as BillingActionResultDto).payment!.amountSatang).toBe(242_019);
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, (again.body as BillingActionResultDto).payment!.id));
    await fake.payPromptPay(row!.providerChargeId!);
    await processEvents();
    const paid = (await invoicesOf(owner)).find((invoice) => invoice.id === invoiceId)!;
    expect(paid).toMatchObject({
      status: "paid",
      documentKind: "tax_invoice",
      expectedSatang: 242_019,
    });
    const late = await owner.request(
      "PUT",
      `/api/console/billing/invoices/${invoiceId}/withholding`,
      { withholds: false },
    );
    expect(late.status).toBe(409);
  });
});

describe("billing on Stripe (BILLING_PROVIDER=stripe)", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    fake = await startFakeStripe();
    provider = createStripeProvider(fake.providerOptions);
    testApp = createConsoleTestApp(testDatabase, { billing: { provider } });
    fake.setWebhookUrl(`${testPublicUrl}/api/webhooks/payments/stripe`, (request) =>
      testApp.app.fetch(request),
    );
  });
  afterAll(async () => {
    await fake?.close();
    await testDatabase?.cleanup();
  });

  it("card checkout and a PromptPay payment confirmed by Stripe's signed webhook", async () => {
    const owner = await signInOwner(testApp, testDatabase, "stripe-owner@example.com");
    const overview = (await owner.request("GET", "/api/console/billing"))
      .body as BillingOverviewDto;
    expect(overview.cardForm).toMatchObject({
      provider: "stripe",
      tokenizeUrl: `${fake.url}/v1/payment_methods`,
    });
    const cardToken = await fake.createPaymentMethod({});
    const card = await owner.request("POST", "/api/console/billing/checkout", {
      method: "card",
      planId: "starter",
      billingCycle: "monthly",
      cardToken,
    });
    expect(card.status).toBe(200);
    expect((card.body as BillingActionResultDto).overview).toMatchObject({
      planId: "starter",
      status: "active",
    });

    const other = await signInOwner(testApp, testDatabase, "stripe-promptpay@example.com");
    const started = await other.request("POST", "/api/console/billing/checkout", {
      method: "promptpay",
      planId: "pro",
      billingCycle: "monthly",
    });
    expect(started.status).toBe(200);
    const [payment] = await testDatabase.db
      .select()
      .from(payments)
      .where(eq(payments.ownerId, other.ownerId));
    expect(payment!.providerChargeId).toMatch(/^pi_/);
    await fake.payPromptPay(payment!.providerChargeId!);
    await processPaymentEvents({
      db: testDatabase.db,
      logger: testApp.log.logger,
      provider,
      seller: testSeller,
      publicUrl: testPublicUrl,
    });
    const after = (await other.request("GET", "/api/console/billing")).body as BillingOverviewDto;
    expect(after).toMatchObject({ planId: "pro", status: "active", paymentMethod: "promptpay" });
  });
});
