// @vitest-environment jsdom
import type { BillingOverviewDto, InvoiceDto } from "@jai/contracts/billing";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activeOverview,
  invoiceFixture,
  overviewFixture,
  paymentFixture,
} from "./billing-fixtures";
import { BillingPage } from "./billing-page";
import { navigation } from "./checkout-section";
import { billingMessages } from "./messages";

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock("~/components/ui/toaster", () => ({ toast }));

const en = billingMessages.en;
const th = billingMessages.th;

type Handler = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;
let overview: BillingOverviewDto;
let invoices: InvoiceDto[];
let routes: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
const error = (status: number, code: string, fields?: Record<string, string>, message = "") =>
  json({ error: { code, message, fields } }, status);

function respond(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), "http://localhost");
  const key = `${init?.method ?? "GET"} ${url.origin === "http://localhost" ? url.pathname : url.href}`;
  const handler = routes[key];
  if (handler) return Promise.resolve(handler(init, url));
  if (key === "GET /api/console/billing") return Promise.resolve(json(overview));
  if (key === "GET /api/console/billing/invoices") return Promise.resolve(json(invoices));
  return Promise.resolve(error(404, "NOT_FOUND"));
}

const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), "http://localhost");
    const path = url.origin === "http://localhost" ? url.pathname : url.href;
    return `${init?.method ?? "GET"} ${path}` === key;
  });

let canManage = true;
function Page() {
  return <BillingPage data={{ canManage }} />;
}

function renderAt(url: string, manage = true) {
  canManage = manage;
  const Stub = createRoutesStub([
    { path: "/app/billing", Component: Page },
    { path: "/th/app/billing", Component: Page },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

async function fillCard(container: HTMLElement, m = en) {
  fireEvent.change(within(container).getByLabelText(m.checkout.cardNumber), {
    target: { value: "4242 4242 4242 4242" },
  });
  fireEvent.change(within(container).getByLabelText(m.checkout.cardName), {
    target: { value: "SOMCHAI JAIDEE" },
  });
  fireEvent.change(within(container).getByLabelText(m.checkout.expiry), {
    target: { value: "12/34" },
  });
  fireEvent.change(within(container).getByLabelText(m.checkout.cvc), {
    target: { value: "123" },
  });
}

beforeEach(() => {
  overview = overviewFixture();
  invoices = [];
  routes = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(respond);
  vi.stubGlobal("fetch", fetchMock);
  toast.success.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("checkout", () => {
  it("preselects the plan from pricing, sends the card to the provider and only its token to Jai", async () => {
    const paid = activeOverview({ planId: "pro", billingCycle: "yearly" });
    routes["POST https://vault.example/tokens"] = () =>
      json({ object: "token", id: "tokn_test_1" });
    routes["POST /api/console/billing/checkout"] = () => {
      overview = paid;
      return json({ overview: paid, payment: paymentFixture() });
    };
    renderAt("/app/billing?plan=pro&cycle=yearly");
    const checkout = await screen.findByTestId("billing-checkout");
    expect((within(checkout).getByTestId("plan-pro") as HTMLInputElement).checked).toBe(true);
    expect((within(checkout).getByTestId("cycle-yearly") as HTMLInputElement).checked).toBe(true);
    expect(within(checkout).getByTestId("checkout-total").textContent).toBe("฿26,892");

    await fillCard(checkout);
    fireEvent.click(within(checkout).getByTestId("checkout-pay"));
    expect(await screen.findByText(en.checkout.paid("Pro"))).toBeTruthy();

    const [tokenCall] = calls("POST https://vault.example/tokens");
    const headers = tokenCall![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa("pkey_test_123:")}`);
    expect(JSON.parse(String(tokenCall![1]!.body))).toEqual({
      card: {
        name: "SOMCHAI JAIDEE",
        number: "4242424242424242",
        expiration_month: 12,
        expiration_year: 2034,
        security_code: "123",
      },
    });
    const [checkoutCall] = calls("POST /api/console/billing/checkout");
    const body = String(checkoutCall![1]!.body);
    expect(JSON.parse(body)).toEqual({
      method: "card",
      planId: "pro",
      billingCycle: "yearly",
      cardToken: "tokn_test_1",
    });
    expect(body).not.toContain("4242");
    expect(screen.getByTestId("billing-plan").textContent).toContain("Pro");
  });

  it("names each wrong card field next to it, focuses the first and sends nothing", async () => {
    renderAt("/app/billing");
    const checkout = await screen.findByTestId("billing-checkout");
    fireEvent.change(within(checkout).getByLabelText(en.checkout.cardNumber), {
      target: { value: "4242 4242 4242 4241" },
    });
    fireEvent.click(within(checkout).getByTestId("checkout-pay"));
    expect(await within(checkout).findByText(en.checkout.cardErrors.number)).toBeTruthy();
    expect(within(checkout).getByText(en.checkout.cardErrors.expiry)).toBeTruthy();
    const number = within(checkout).getByLabelText(en.checkout.cardNumber);
    expect(document.activeElement).toBe(number);
    expect(number.getAttribute("aria-invalid")).toBe("true");
    expect(calls("POST https://vault.example/tokens")).toHaveLength(0);
  });

  it("tokenises with Stripe form-encoded and a bearer key, and follows 3-D Secure", async () => {
    overview = overviewFixture({
      provider: "stripe",
      cardForm: {
        provider: "stripe",
        publicKey: "pk_test_9",
        tokenizeUrl: "https://stripe.example/v1/payment_methods",
      },
    });
    routes["POST https://stripe.example/v1/payment_methods"] = () => json({ id: "pm_test_1" });
    routes["POST /api/console/billing/checkout"] = () =>
      json({
        overview,
        payment: paymentFixture({
          status: "pending",
          authorizeUri: "https://bank.example/3ds?x=1",
        }),
      });
    const assign = vi.spyOn(navigation, "assign").mockImplementation(() => {});
    renderAt("/app/billing?plan=starter");
    const checkout = await screen.findByTestId("billing-checkout");
    await fillCard(checkout);
    fireEvent.click(within(checkout).getByTestId("checkout-pay"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://bank.example/3ds?x=1"));
    assign.mockRestore();
    const [call] = calls("POST https://stripe.example/v1/payment_methods");
    expect((call![1]!.headers as Record<string, string>).Authorization).toBe("Bearer pk_test_9");
    const form = new URLSearchParams(String(call![1]!.body));
    expect(form.get("type")).toBe("card");
    expect(form.get("card[number]")).toBe("4242424242424242");
    expect(form.get("card[exp_month]")).toBe("12");
    expect(form.get("card[exp_year]")).toBe("2034");
    expect(form.get("card[cvc]")).toBe("123");
    expect(JSON.parse(String(calls("POST /api/console/billing/checkout")[0]![1]!.body))).toEqual({
      method: "card",
      planId: "starter",
      billingCycle: "monthly",
      cardToken: "pm_test_1",
    });
  });

  it("shows a declined card's reason in the page's language", async () => {
    routes["POST https://vault.example/tokens"] = () => json({ object: "token", id: "tokn_2" });
    routes["POST /api/console/billing/checkout"] = () =>
      error(
        402,
        "PAYMENT_FAILED",
        { reason: "insufficient_fund" },
        "ชำระเงินไม่สำเร็จ: ยอดเงินในบัตรไม่พอหรือเต็มวงเงินแล้ว ยังไม่มีการตัดเงิน",
      );
    renderAt("/th/app/billing");
    const checkout = await screen.findByTestId("billing-checkout");
    await fillCard(checkout, th);
    fireEvent.click(within(checkout).getByTestId("checkout-pay"));
    // The server's message already says it did not go through: shown once, as sent.
    expect((await within(checkout).findByTestId("checkout-error")).textContent).toBe(
      "ชำระเงินไม่สำเร็จ: ยอดเงินในบัตรไม่พอหรือเต็มวงเงินแล้ว ยังไม่มีการตัดเงิน",
    );
  });

  it("shows the PromptPay QR, polls the payment every 3 s and says when it is paid", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = paymentFixture({
      id: "pay-qr",
      method: "promptpay",
      status: "pending",
      amountSatang: 99_000,
      promptPay: {
        imageUrl: null,
        payload: "00020101021230570016A00000067701011201150105560068121750212KSHOP0000016304ABCD",
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    routes["POST /api/console/billing/checkout"] = () =>
      json({
        overview: overviewFixture({ openInvoice: invoiceFixture({ status: "open" }) }),
        payment: pending,
      });
    let polls = 0;
    routes["GET /api/console/billing/payments/pay-qr"] = () => {
      polls += 1;
      return json(polls < 2 ? pending : { ...pending, status: "succeeded" });
    };
    renderAt("/app/billing?plan=starter");
    const checkout = await screen.findByTestId("billing-checkout");
    fireEvent.click(within(checkout).getByTestId("method-promptpay"));
    expect(within(checkout).queryByLabelText(en.checkout.cardNumber)).toBeNull();
    fireEvent.click(within(checkout).getByTestId("checkout-pay"));
    const panel = await screen.findByTestId("promptpay-panel");
    const qr = within(panel).getByRole("img", { name: en.promptPay.qrAlt("฿990") });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelector("path")?.getAttribute("d")?.length).toBeGreaterThan(100);
    expect(JSON.parse(String(calls("POST /api/console/billing/checkout")[0]![1]!.body))).toEqual({
      method: "promptpay",
      planId: "starter",
      billingCycle: "monthly",
    });
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(3000);
    expect((await screen.findByTestId("payment-paid")).textContent).toBe(en.promptPay.paid);
    expect(polls).toBe(2);
  });

  it("offers a new QR once the open invoice's QR has expired", async () => {
    overview = overviewFixture({
      planId: "pro",
      billingCycle: "monthly",
      status: "past_due",
      paymentMethod: "promptpay",
      openInvoice: invoiceFixture({
        id: "inv9",
        status: "open",
        reason: "renewal",
        promptPay: {
          imageUrl: "https://provider.example/qr.png",
          payload: null,
          expiresAt: "2020-01-01T00:00:00.000Z",
        },
      }),
    });
    routes["POST /api/console/billing/invoices/inv9/pay"] = () =>
      json({
        overview,
        payment: paymentFixture({
          id: "pay9",
          invoiceId: "inv9",
          method: "promptpay",
          status: "pending",
          promptPay: {
            imageUrl: "https://provider.example/qr2.png",
            payload: null,
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          },
        }),
      });
    routes["GET /api/console/billing/payments/pay9"] = () =>
      json(paymentFixture({ id: "pay9", method: "promptpay", status: "pending" }));
    renderAt("/app/billing");
    const open = await screen.findByTestId("billing-open-invoice");
    expect(within(open).getByText(en.promptPay.expired)).toBeTruthy();
    fireEvent.click(within(open).getByRole("button", { name: en.promptPay.newQr }));
    const panel = await screen.findByTestId("promptpay-panel");
    expect(within(panel).getByRole("img").getAttribute("src")).toBe(
      "https://provider.example/qr2.png",
    );
    expect(
      JSON.parse(String(calls("POST /api/console/billing/invoices/inv9/pay")[0]![1]!.body)),
    ).toEqual({ method: "promptpay" });
  });

  it("marks an open invoice as withheld (a company's 3%), in Thai", async () => {
    const open = invoiceFixture({
      id: "inv7",
      status: "open",
      reason: "renewal",
      totalSatang: 249_000,
      subtotalSatang: 232_710,
      vatSatang: 16_290,
      withholdingSatang: 0,
      expectedSatang: 249_000,
      promptPay: null,
    });
    overview = overviewFixture({
      planId: "pro",
      billingCycle: "monthly",
      status: "past_due",
      paymentMethod: "promptpay",
      openInvoice: open,
      profile: {
        ...overviewFixture().profile,
        companyName: "บริษัท ตัวอย่าง จำกัด",
        address: "1 ถนนสีลม กรุงเทพฯ",
        taxId: "0105566000010",
        branch: "00000",
      },
    });
    routes["PUT /api/console/billing/invoices/inv7/withholding"] = () =>
      json({
        ...overview,
        openInvoice: { ...open, withholdingSatang: 6_981, expectedSatang: 242_019 },
      });
    renderAt("/th/app/billing");
    const panel = await screen.findByTestId("billing-open-invoice");
    const box = within(panel).getByLabelText(th.payment.withholding);
    fireEvent.click(box);
    await waitFor(() =>
      expect(screen.getByTestId("open-invoice-amount").textContent).toBe("฿2,420.19"),
    );
    expect(
      JSON.parse(String(calls("PUT /api/console/billing/invoices/inv7/withholding")[0]![1]!.body)),
    ).toEqual({ withholds: true });
    expect(screen.getByText(th.payment.withholdingNote("฿2,420.19"))).toBeTruthy();
  });

  it("follows a payment back from the bank (?payment=)", async () => {
    routes["GET /api/console/billing/payments/pay3"] = () =>
      json(
        paymentFixture({
          id: "pay3",
          status: "failed",
          failureCode: "failed_3ds",
          failureMessage: "3-D Secure authentication failed",
        }),
      );
    renderAt("/app/billing?payment=pay3");
    expect((await screen.findByTestId("payment-failed")).textContent).toBe(
      en.payment.failed("the bank's verification (3-D Secure) did not pass"),
    );
    cleanup();
    renderAt("/th/app/billing?payment=pay3");
    expect((await screen.findByTestId("payment-failed")).textContent).toBe(
      th.payment.failed("การยืนยันตัวตนกับธนาคาร (3-D Secure) ไม่ผ่าน"),
    );
  });

  it("says online payment is not set up, with no form, when the server has no provider", async () => {
    routes["GET /api/console/billing"] = () => error(503, "UNAVAILABLE");
    renderAt("/th/app/billing");
    expect((await screen.findByTestId("billing-not-configured")).textContent).toBe(
      th.notConfigured,
    );
    expect(screen.queryByTestId("billing-checkout")).toBeNull();
    cleanup();

    overview = overviewFixture({
      cardForm: { provider: "omise", publicKey: "", tokenizeUrl: "" },
    });
    routes = {};
    renderAt("/app/billing");
    expect((await screen.findByTestId("billing-not-configured")).textContent).toBe(
      en.notConfigured,
    );
    expect(screen.queryByTestId("billing-checkout")).toBeNull();
  });

  it("tells an agent politely who manages billing, and asks nothing", async () => {
    renderAt("/th/app/billing", false);
    expect((await screen.findByTestId("billing-agent")).textContent).toBe(th.agentOnly);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("a paid plan", () => {
  it("shows the plan, next charge and card; a downgrade over the allowance is refused in words", async () => {
    overview = activeOverview();
    routes["POST /api/console/billing/change"] = () =>
      error(403, "PLAN_LIMIT_REACHED", { limit: "downgrade", over: "bots", count: "6" });
    renderAt("/app/billing");
    expect((await screen.findByTestId("billing-plan")).textContent).toContain("Business");
    expect(screen.getByTestId("billing-next-charge").textContent).toBe(
      en.status.nextChargeText("฿3,990", "Jan 31, 2026", "Card"),
    );
    expect(screen.getByTestId("billing-method").textContent).toBe(
      en.status.card("Visa", "4242", "07/2030"),
    );
    const change = screen.getByTestId("billing-change");
    fireEvent.click(within(change).getByTestId("plan-pro"));
    fireEvent.click(within(change).getByTestId("change-plan"));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByTestId("change-confirm-text").textContent).toBe(
      en.change.downgradeText("Jan 31, 2026"),
    );
    fireEvent.click(within(dialog).getByTestId("change-confirm"));
    expect((await within(change).findByTestId("change-error")).textContent).toBe(
      "You have 6 bots; Pro allows 4. Delete 2 bots first.",
    );
  });

  it("confirms an upgrade with the prorated amount to pay now", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date("2026-01-16T00:00:00.000Z") });
    overview = activeOverview({ planId: "pro", billingCycle: "monthly" });
    routes["POST /api/console/billing/change"] = () =>
      json({
        overview: activeOverview(),
        payment: paymentFixture({ amountSatang: 279_000 }),
      });
    renderAt("/app/billing");
    const change = await screen.findByTestId("billing-change");
    fireEvent.click(within(change).getByTestId("plan-business"));
    fireEvent.click(within(change).getByTestId("change-plan"));
    const dialog = await screen.findByRole("alertdialog");
    // ฿3,990 − half of ฿2,490 (15 of 30 days left) = ฿2,745.
    expect(within(dialog).getByTestId("change-confirm-text").textContent).toBe(
      en.change.upgradeText("฿2,745", "Visa •••• 4242"),
    );
    fireEvent.click(within(dialog).getByTestId("change-confirm"));
    expect(await screen.findByText(en.change.upgraded("Business"))).toBeTruthy();
  });

  it("cancels after asking (active until the period end) and resumes", async () => {
    overview = activeOverview();
    routes["POST /api/console/billing/cancel"] = () =>
      json(activeOverview({ cancelAtPeriodEnd: true }));
    routes["POST /api/console/billing/resume"] = () => json(activeOverview());
    renderAt("/th/app/billing");
    const section = await screen.findByTestId("billing-status");
    fireEvent.click(within(section).getByRole("button", { name: th.status.cancelPlan }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(th.status.cancelText("31 ม.ค. 2569"));
    fireEvent.click(within(dialog).getByRole("button", { name: th.status.cancelConfirm }));
    await waitFor(() =>
      expect(screen.getByTestId("billing-page").textContent).toContain(
        th.status.cancelled_("31 ม.ค. 2569"),
      ),
    );
    fireEvent.click(within(section).getByRole("button", { name: th.status.resume }));
    await waitFor(() =>
      expect(screen.getByTestId("billing-page").textContent).toContain(th.status.resumed),
    );
  });
});

describe("invoices and billing details", () => {
  it("lists invoices with PDFs in Thai and English and takes a withholding certificate", async () => {
    invoices = [
      invoiceFixture(),
      invoiceFixture({
        id: "inv2",
        number: "INV-2026-000002",
        reason: "renewal",
        withholdingSatang: 75_398,
        expectedSatang: 2_613_802,
        pdfUrl: "/api/console/billing/invoices/inv2/pdf?lang=th",
      }),
    ];
    routes["PUT /api/console/billing/invoices/inv2/withholding-certificate"] = () =>
      new Response(null, { status: 204 });
    renderAt("/th/app/billing");
    const table = await screen.findByTestId("invoices-table");
    const rows = within(table).getAllByTestId("invoice-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId("invoice-pdf-th").getAttribute("href")).toBe(
      "/api/console/billing/invoices/inv1/pdf?lang=th",
    );
    expect(within(rows[0]!).getByTestId("invoice-pdf-en").getAttribute("href")).toBe(
      "/api/console/billing/invoices/inv1/pdf?lang=en",
    );
    expect(within(rows[0]!).getByText("15 ม.ค. 2569")).toBeTruthy();
    expect(within(rows[0]!).queryByTestId("invoice-withholding")).toBeNull();
    const withholding = within(rows[1]!).getByTestId("invoice-withholding");
    expect(withholding.textContent).toContain(th.invoices.withholding("฿753.98", "฿26,138.02"));

    const input = within(withholding).getByTestId("certificate-file");
    fireEvent.change(input, {
      target: { files: [new File(["x"], "cert.gif", { type: "image/gif" })] },
    });
    expect(await within(withholding).findByText(th.invoices.certificateErrors.type)).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(["%PDF-1.4"], "cert.pdf", { type: "application/pdf" })] },
    });
    await waitFor(() =>
      expect(calls("PUT /api/console/billing/invoices/inv2/withholding-certificate")).toHaveLength(
        1,
      ),
    );
    const [call] = calls("PUT /api/console/billing/invoices/inv2/withholding-certificate");
    expect((call![1]!.headers as Record<string, string>)["Content-Type"]).toBe("application/pdf");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(th.invoices.uploaded));
  });

  it("checks the billing details next to each field and saves them", async () => {
    routes["PUT /api/console/billing/profile"] = (init) => json(JSON.parse(String(init?.body)));
    renderAt("/app/billing");
    const form = await screen.findByRole("form", { name: en.profile.title });
    expect((within(form).getByLabelText(en.profile.branch) as HTMLInputElement).value).toBe(
      "00000",
    );
    fireEvent.change(within(form).getByLabelText(en.profile.companyName), {
      target: { value: "บริษัท ใจดี จำกัด" },
    });
    fireEvent.change(within(form).getByLabelText(en.profile.address), {
      target: { value: "1 ถนนสุขุมวิท กรุงเทพฯ 10110" },
    });
    const taxId = within(form).getByLabelText(en.profile.taxId);
    fireEvent.change(taxId, { target: { value: "0105556012345" } });
    fireEvent.click(within(form).getByTestId("profile-save"));
    expect(await within(form).findByText(en.profile.errors.taxId)).toBeTruthy();
    expect(document.activeElement).toBe(taxId);
    expect(calls("PUT /api/console/billing/profile")).toHaveLength(0);

    fireEvent.change(taxId, { target: { value: "0105556012341" } });
    fireEvent.click(within(form).getByLabelText(en.profile.withholdsTax));
    fireEvent.click(within(form).getByTestId("profile-save"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(en.profile.saved));
    expect(JSON.parse(String(calls("PUT /api/console/billing/profile")[0]![1]!.body))).toEqual({
      companyName: "บริษัท ใจดี จำกัด",
      address: "1 ถนนสุขุมวิท กรุงเทพฯ 10110",
      taxId: "0105556012341",
      branch: "00000",
      invoiceEmail: null,
      withholdsTax: true,
      locale: "th",
    });
  });

  it("shows the server's refusal of a field next to it", async () => {
    routes["PUT /api/console/billing/profile"] = () =>
      error(422, "VALIDATION_FAILED", { invoiceEmail: "invalid" });
    renderAt("/th/app/billing");
    const form = await screen.findByRole("form", { name: th.profile.title });
    fireEvent.change(within(form).getByLabelText(th.profile.invoiceEmail), {
      target: { value: "billing@shop.example" },
    });
    fireEvent.click(within(form).getByTestId("profile-save"));
    expect(await within(form).findByText(th.profile.errors.invoiceEmail)).toBeTruthy();
  });
});
