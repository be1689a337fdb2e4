import type { BillingOverviewDto, InvoiceDto, PaymentStatusDto } from "@jai/contracts/billing";

/** A trial owner's overview on a server set up with Omise. */
export function overviewFixture(patch: Partial<BillingOverviewDto> = {}): BillingOverviewDto {
  return {
    planId: "free",
    billingCycle: null,
    status: "trialing",
    trialEndsAt: "2026-01-20T03:00:00.000Z",
    trialExpired: false,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    pending: null,
    nextCharge: null,
    paymentMethod: null,
    card: null,
    dunning: null,
    readOnlySince: null,
    openInvoice: null,
    provider: "omise",
    cardForm: {
      provider: "omise",
      publicKey: "pkey_test_123",
      tokenizeUrl: "https://vault.example/tokens",
    },
    profile: {
      companyName: null,
      address: null,
      taxId: null,
      branch: null,
      invoiceEmail: null,
      withholdsTax: false,
      locale: "th",
    },
    ...patch,
  };
}

/** An owner on Business, yearly, paid by card, half-way through the period. */
export function activeOverview(patch: Partial<BillingOverviewDto> = {}): BillingOverviewDto {
  return overviewFixture({
    planId: "business",
    billingCycle: "monthly",
    status: "active",
    trialEndsAt: null,
    currentPeriodStart: "2026-01-01T00:00:00.000Z",
    currentPeriodEnd: "2026-01-31T00:00:00.000Z",
    nextCharge: { at: "2026-01-31T00:00:00.000Z", amountSatang: 399_000, method: "card" },
    paymentMethod: "card",
    card: { brand: "Visa", last4: "4242", expMonth: 7, expYear: 2030 },
    ...patch,
  });
}

export function invoiceFixture(patch: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: "inv1",
    series: "invoice",
    status: "paid",
    number: "INV-2026-000001",
    documentKind: "tax_invoice",
    reason: "subscription",
    planId: "pro",
    billingCycle: "yearly",
    periodStart: "2026-01-15T00:00:00.000Z",
    periodEnd: "2027-01-15T00:00:00.000Z",
    lines: [],
    subtotalSatang: 2_513_271,
    vatSatang: 175_929,
    totalSatang: 2_689_200,
    withholdingSatang: 0,
    expectedSatang: 2_689_200,
    dueAt: null,
    issuedAt: "2026-01-15T08:00:00.000Z",
    paidAt: "2026-01-15T08:00:00.000Z",
    creditForInvoiceId: null,
    hasWithholdingCertificate: false,
    promptPay: null,
    pdfUrl: "/api/console/billing/invoices/inv1/pdf?lang=th",
    ...patch,
  };
}

export function paymentFixture(patch: Partial<PaymentStatusDto> = {}): PaymentStatusDto {
  return {
    id: "pay1",
    invoiceId: "inv1",
    method: "card",
    status: "succeeded",
    amountSatang: 2_689_200,
    failureCode: null,
    failureMessage: null,
    authorizeUri: null,
    promptPay: null,
    ...patch,
  };
}
