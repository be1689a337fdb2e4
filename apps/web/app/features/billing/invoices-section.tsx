import { type InvoiceDto, withholdingCertificateLimits } from "@jai/contracts/billing";
import { Download, FileText, LoaderCircle, Upload } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { certificateUrl, invoicePdfUrl, uploadCertificate } from "./billing-api";
import { formatDay, formatSatang } from "./format";
import type { BillingMessages } from "./messages";
import { Notice, Section } from "./parts";

const statusTone = {
  open: "bg-amber-100 text-amber-950",
  paid: "bg-success/10 text-success",
  void: "bg-muted text-muted-foreground",
} as const;

const linkClass =
  "inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * Every invoice and credit note: number, date, what for, total, status and its PDF in Thai and
 * English. An invoice with withholding tax takes the owner's certificate (upload, replace,
 * download). On a phone the reason and status move under the number.
 */
export function InvoicesSection({
  m,
  invoices,
  onChanged,
}: {
  m: BillingMessages;
  invoices: InvoiceDto[] | null;
  onChanged: () => void;
}) {
  const t = m.invoices;
  return (
    <Section id="invoices" title={t.title} intro={t.intro}>
      {invoices === null ? (
        <p role="status" className="text-muted-foreground text-sm">
          {m.loading}
        </p>
      ) : invoices.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t.none}</p>
      ) : (
        <div className="-mx-2 overflow-x-auto">
          <table className="w-full min-w-0 text-left text-sm" data-testid="invoices-table">
            <thead className="text-muted-foreground text-xs">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">
                  {t.number}
                </th>
                <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
                  {t.reason}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {t.total}
                </th>
                <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
                  {t.statusLabel}
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  {t.documents}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <InvoiceRow key={invoice.id} m={m} invoice={invoice} onChanged={onChanged} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function InvoiceRow({
  m,
  invoice,
  onChanged,
}: {
  m: BillingMessages;
  invoice: InvoiceDto;
  onChanged: () => void;
}) {
  const locale = useLocale();
  const t = m.invoices;
  const date = invoice.issuedAt ?? invoice.paidAt ?? invoice.dueAt;
  const reason =
    invoice.series === "credit_note"
      ? `${t.creditNote}: ${t.reasons[invoice.reason]}`
      : `${t.reasons[invoice.reason]} · ${m.plans[invoice.planId]} (${m.cycles[invoice.billingCycle]})`;
  const status = (
    <span
      className={cn(
        "inline-block rounded-full px-2 py-0.5 font-medium text-xs",
        statusTone[invoice.status],
      )}
    >
      {t.statuses[invoice.status]}
    </span>
  );
  const number = invoice.number ?? "—";
  return (
    <tr className="border-t align-top" data-testid="invoice-row">
      <td className="px-2 py-3">
        <div className="font-medium" data-testid="invoice-number">
          {number}
        </div>
        {date ? (
          <div className="text-muted-foreground text-xs">{formatDay(date, locale)}</div>
        ) : null}
        <div className="mt-1 text-xs sm:hidden">{reason}</div>
        <div className="mt-1 sm:hidden">{status}</div>
      </td>
      <td className="hidden px-2 py-3 sm:table-cell">{reason}</td>
      <td className="whitespace-nowrap px-2 py-3 text-right font-medium">
        {formatSatang(invoice.totalSatang)}
      </td>
      <td className="hidden px-2 py-3 sm:table-cell">{status}</td>
      <td className="px-2 py-3">
        <div className="flex flex-col gap-1.5">
          {(["th", "en"] as const).map((lang) => {
            const href = invoicePdfUrl(invoice, lang);
            return href ? (
              <a
                key={lang}
                href={href}
                download
                className={linkClass}
                aria-label={t.pdfLabel(number, t.languages[lang])}
                data-testid={`invoice-pdf-${lang}`}
              >
                <FileText className="size-4 shrink-0" aria-hidden="true" />
                {lang === "th" ? t.pdfTh : t.pdfEn}
              </a>
            ) : null;
          })}
          {invoice.withholdingSatang > 0 && invoice.series === "invoice" ? (
            <Withholding m={m} invoice={invoice} onChanged={onChanged} />
          ) : null}
        </div>
      </td>
    </tr>
  );
}

function Withholding({
  m,
  invoice,
  onChanged,
}: {
  m: BillingMessages;
  invoice: InvoiceDto;
  onChanged: () => void;
}) {
  const locale = useLocale();
  const t = m.invoices;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `certificate-${invoice.id}`;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    if (!(withholdingCertificateLimits.contentTypes as readonly string[]).includes(file.type)) {
      return setError(t.certificateErrors.type);
    }
    if (file.size > withholdingCertificateLimits.maxBytes) {
      return setError(t.certificateErrors.tooLarge);
    }
    setBusy(true);
    const result = await uploadCertificate(invoice.id, file, locale);
    setBusy(false);
    if (!result.ok) {
      return setError(result.status === 0 ? m.networkError : result.message || m.unknownError);
    }
    toast.success(t.uploaded);
    onChanged();
  };

  return (
    <div className="mt-1 space-y-1.5 border-t pt-1.5" data-testid="invoice-withholding">
      <p className="text-muted-foreground text-xs">
        {t.withholding(
          formatSatang(invoice.withholdingSatang),
          formatSatang(invoice.expectedSatang),
        )}
      </p>
      {invoice.hasWithholdingCertificate ? (
        <a href={certificateUrl(invoice.id)} download className={linkClass}>
          <Download className="size-4 shrink-0" aria-hidden="true" />
          {t.downloadCertificate}
        </a>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={withholdingCertificateLimits.contentTypes.join(",")}
        className="sr-only"
        onChange={upload}
        aria-describedby={`${inputId}-hint`}
        data-testid="certificate-file"
        tabIndex={-1}
      />
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-describedby={`${inputId}-hint`}
      >
        {busy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Upload aria-hidden="true" />
        )}
        {busy
          ? t.uploading
          : invoice.hasWithholdingCertificate
            ? t.replaceCertificate
            : t.uploadCertificate}
      </Button>
      <p id={`${inputId}-hint`} className="text-muted-foreground text-xs">
        {t.certificateHint}
      </p>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
