import { describePaymentFailure } from "@jai/contracts/payment-failures";
import { formatThb } from "@jai/contracts/plans";
import {
  billingProfiles,
  type Db,
  emailOutbox,
  eq,
  type InvoiceRow,
  type Transaction,
  users,
} from "@jai/db";
import { expectedSatang } from "./billing-invoices";

export const billingEmailKind = "billing";

type BillingEmail =
  | {
      kind: "renewal-failed";
      invoice: InvoiceRow;
      nextRetryAt: Date;
      /** The provider's code and words (`describePaymentFailure` says it in the owner's language). */
      failureCode: string | null;
      failureMessage: string | null;
    }
  | { kind: "read-only"; invoice: InvoiceRow | null }
  | { kind: "promptpay-invoice"; invoice: InvoiceRow }
  | { kind: "promptpay-reminder"; invoice: InvoiceRow };

/** "27 พฤศจิกายน 2569" / "27 November 2026" (Asia/Bangkok). */
export function formatBillingDate(date: Date, locale: "th" | "en"): string {
  return new Intl.DateTimeFormat(locale === "th" ? "th-TH-u-ca-buddhist" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }).format(date);
}

const baht = (satang: number) => {
  const whole = formatThb(Math.trunc(satang / 100));
  const rest = Math.abs(satang % 100);
  return rest === 0 ? whole : `${whole}.${String(rest).padStart(2, "0")}`;
};

function compose(email: BillingEmail, locale: "th" | "en", billingUrl: string) {
  const date = (d: Date) => formatBillingDate(d, locale);
  const th = locale === "th";
  switch (email.kind) {
    case "renewal-failed": {
      const reason =
        email.failureCode || email.failureMessage
          ? describePaymentFailure(email.failureCode, email.failureMessage, locale)
          : null;
      return th
        ? {
            subject: "ต่ออายุแพ็กเกจไม่สำเร็จ: ตัดเงินจากบัตรไม่ได้",
            body: `เราตัดเงินค่าต่ออายุแพ็กเกจ ${baht(expectedSatang(email.invoice))} จากบัตรของคุณไม่สำเร็จ${reason ? ` (${reason})` : ""}\n\nเราจะลองอีกครั้งในวันที่ ${date(email.nextRetryAt)} ระหว่างนี้แชทบอทของคุณยังทำงานตามปกติ หากต้องการเปลี่ยนบัตร ไปที่ ${billingUrl}`,
          }
        : {
            subject: "Your plan renewal failed: the card was not charged",
            body: `We could not charge ${baht(expectedSatang(email.invoice))} to your card for the renewal${reason ? ` (${reason})` : ""}.\n\nWe will try again on ${date(email.nextRetryAt)}; your chatbots keep working meanwhile. To use another card, go to ${billingUrl}`,
          };
    }
    case "read-only":
      return th
        ? {
            subject: "เวิร์กสเปซของคุณเป็นแบบอ่านอย่างเดียว",
            body: `เรายังไม่ได้รับชำระค่าแพ็กเกจ เวิร์กสเปซของคุณจึงเป็นแบบอ่านอย่างเดียว ข้อมูลทั้งหมดยังอยู่ครบ แต่แชทบอทจะไม่รับลูกค้าใหม่จนกว่าจะชำระเงิน\n\nชำระเงินได้ที่ ${billingUrl}`,
          }
        : {
            subject: "Your workspace is read-only",
            body: `Your plan is unpaid, so your workspace is now read-only. Everything is kept, but your chatbots take no new customers until it is paid.\n\nPay at ${billingUrl}`,
          };
    case "promptpay-invoice":
    case "promptpay-reminder": {
      const due = email.invoice.dueAt ?? email.invoice.periodStart;
      const reminder = email.kind === "promptpay-reminder";
      return th
        ? {
            subject: reminder
              ? "เตือนความจำ: ชำระค่าต่ออายุแพ็กเกจด้วย PromptPay"
              : "ใบแจ้งหนี้ต่ออายุแพ็กเกจ: ชำระด้วย PromptPay",
            body: `ค่าต่ออายุแพ็กเกจ ${baht(expectedSatang(email.invoice))} ครบกำหนดชำระวันที่ ${date(due)}\n\nสแกนคิวอาร์โค้ด PromptPay เพื่อชำระได้ที่ ${billingUrl} (คิวอาร์โค้ดใช้ได้ ${60} นาที กดขอคิวอาร์โค้ดใหม่ได้ทุกเมื่อ) หากไม่ชำระภายใน 7 วันหลังครบกำหนด เวิร์กสเปซจะเป็นแบบอ่านอย่างเดียว`,
          }
        : {
            subject: reminder
              ? "Reminder: pay your plan renewal with PromptPay"
              : "Your plan renewal invoice: pay with PromptPay",
            body: `Your plan renewal of ${baht(expectedSatang(email.invoice))} is due on ${date(due)}.\n\nScan the PromptPay QR at ${billingUrl} (a QR is valid for 60 minutes; get a new one any time). Unpaid 7 days after the due date, the workspace becomes read-only.`,
          };
    }
  }
}

/** Queues a billing email to the owner (their invoice address when set), in their language. */
export async function queueBillingEmail(
  tx: Db | Transaction,
  input: { ownerId: string; publicUrl: string } & BillingEmail,
): Promise<void> {
  const [owner] = await tx
    .select({
      email: users.email,
      locale: users.locale,
      invoiceEmail: billingProfiles.invoiceEmail,
      profileLocale: billingProfiles.locale,
    })
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.ownerId, users.id))
    .where(eq(users.id, input.ownerId));
  if (!owner) return;
  const locale = (owner.profileLocale ?? owner.locale) === "th" ? "th" : "en";
  const base = input.publicUrl.replace(/\/+$/, "");
  const billingUrl = `${base}${locale === "th" ? "/th" : ""}/app/billing`;
  const { subject, body } = compose(input, locale, billingUrl);
  await tx.insert(emailOutbox).values({
    kind: billingEmailKind,
    toAddress: owner.invoiceEmail ?? owner.email,
    subject,
    textBody: `${body}\n`,
  });
}
