import type {
  BillingActionResultDto,
  BillingOverviewDto,
  BillingProfileDto,
  ChangePlanInput,
  CheckoutInput,
  InvoiceDto,
  PaymentMethodKind,
  PaymentStatusDto,
} from "@jai/contracts/billing";
import type { Locale } from "~/i18n/locale";
import { type ApiRequestOptions, type ApiResult, apiRequest } from "~/lib/api-request";

/** One call to the console's JSON API (`/api/console<path>`). */
function consoleRequest<T>(path: string, options: ApiRequestOptions): Promise<ApiResult<T>> {
  return apiRequest<T>(`/api/console${path}`, options);
}

/** The billing API (/api/console/billing…), answered in the page's language. */
export function billingApi(locale: Locale) {
  return {
    overview: () => consoleRequest<BillingOverviewDto>("/billing", { locale }),
    invoices: () => consoleRequest<InvoiceDto[]>("/billing/invoices", { locale }),
    checkout: (body: CheckoutInput) =>
      consoleRequest<BillingActionResultDto>("/billing/checkout", {
        method: "POST",
        body,
        locale,
      }),
    change: (body: ChangePlanInput) =>
      consoleRequest<BillingActionResultDto>("/billing/change", { method: "POST", body, locale }),
    cancel: () =>
      consoleRequest<BillingOverviewDto>("/billing/cancel", { method: "POST", body: {}, locale }),
    resume: () =>
      consoleRequest<BillingOverviewDto>("/billing/resume", { method: "POST", body: {}, locale }),
    updateCard: (cardToken: string) =>
      consoleRequest<BillingOverviewDto>("/billing/card", {
        method: "PUT",
        body: { cardToken },
        locale,
      }),
    saveProfile: (body: BillingProfileDto) =>
      consoleRequest<BillingProfileDto>("/billing/profile", { method: "PUT", body, locale }),
    payment: (id: string) =>
      consoleRequest<PaymentStatusDto>(`/billing/payments/${encodeURIComponent(id)}`, { locale }),
    setWithholding: (id: string, withholds: boolean) =>
      consoleRequest<BillingOverviewDto>(
        `/billing/invoices/${encodeURIComponent(id)}/withholding`,
        { method: "PUT", body: { withholds }, locale },
      ),
    payInvoice: (id: string, method: PaymentMethodKind) =>
      consoleRequest<BillingActionResultDto>(`/billing/invoices/${encodeURIComponent(id)}/pay`, {
        method: "POST",
        body: { method },
        locale,
      }),
  };
}
export type BillingApi = ReturnType<typeof billingApi>;

/** Where an invoice's PDF is, in a given language (pdfUrl names one; the other is a lang away). */
export function invoicePdfUrl(invoice: InvoiceDto, lang: Locale): string | null {
  if (!invoice.pdfUrl) return null;
  const url = new URL(invoice.pdfUrl, "http://jai.invalid");
  url.searchParams.set("lang", lang);
  return `${url.pathname}${url.search}`;
}

export function certificateUrl(invoiceId: string): string {
  return `/api/console/billing/invoices/${encodeURIComponent(invoiceId)}/withholding-certificate`;
}

/** Uploads a withholding certificate as the raw body (PDF, PNG or JPEG). */
export async function uploadCertificate(
  invoiceId: string,
  file: File,
  locale: Locale,
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  try {
    const response = await fetch(certificateUrl(invoiceId), {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": file.type, "Accept-Language": locale, Accept: "application/json" },
      body: file,
    });
    if (response.ok) return { ok: true };
    const payload = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    return { ok: false, status: response.status, message: payload?.error?.message ?? "" };
  } catch {
    return { ok: false, status: 0, message: "" };
  }
}
