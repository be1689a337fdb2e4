import type { Locale } from "./locale";

/**
 * Why a card payment did not go through, in the payer's language, from the provider's failure
 * code (Omise's `failure_code`, Stripe's `decline_code` or `code`, or Jai's own when the charge
 * never started) as `payments.failure_code` stores it. The provider's own text
 * (`failure_message`, English) is kept for logs and the API; a page or an e-mail says the reason
 * from this table, and only a code the table does not know falls back to the provider's words.
 */
type Failure = { codes: readonly string[]; en: string; th: string };

export const paymentFailures = {
  insufficientFunds: {
    codes: ["insufficient_fund", "insufficient_funds"],
    en: "the card has not enough funds or has reached its limit",
    th: "ยอดเงินในบัตรไม่พอหรือเต็มวงเงินแล้ว",
  },
  securityCode: {
    codes: ["invalid_security_code", "incorrect_cvc", "invalid_cvc"],
    en: "the security code (CVC) is wrong",
    th: "รหัสความปลอดภัยหลังบัตร (CVC) ไม่ถูกต้อง",
  },
  expiredCard: {
    codes: ["expired_card", "invalid_expiry_month", "invalid_expiry_year"],
    en: "the card has expired or its expiry date is wrong",
    th: "บัตรหมดอายุหรือวันหมดอายุไม่ถูกต้อง",
  },
  invalidCard: {
    codes: ["invalid_card", "invalid_account_number", "invalid_number", "incorrect_number"],
    en: "the card details are not valid",
    th: "ข้อมูลบัตรไม่ถูกต้อง",
  },
  authentication: {
    codes: ["failed_3ds", "authentication_required", "payment_intent_authentication_failure"],
    en: "the bank's verification (3-D Secure) did not pass",
    th: "การยืนยันตัวตนกับธนาคาร (3-D Secure) ไม่ผ่าน",
  },
  lostOrStolen: {
    codes: ["stolen_or_lost_card", "lost_card", "stolen_card", "pickup_card"],
    en: "the bank declined this card; please contact your bank",
    th: "ธนาคารปฏิเสธบัตรนี้ กรุณาติดต่อธนาคารของคุณ",
  },
  processing: {
    codes: ["failed_processing", "processing_error", "timeout", "try_again_later"],
    en: "the bank could not process the payment; please try again in a moment",
    th: "ธนาคารดำเนินการชำระเงินไม่สำเร็จ กรุณาลองใหม่อีกครั้ง",
  },
  declined: {
    codes: ["declined", "payment_rejected", "card_declined", "generic_decline", "do_not_honor"],
    en: "the bank declined the payment",
    th: "ธนาคารปฏิเสธการชำระเงิน",
  },
  providerUnavailable: {
    codes: ["provider_unavailable"],
    en: "the payment service is not answering; please try again in a few minutes",
    th: "ระบบชำระเงินไม่ตอบสนอง กรุณาลองใหม่ในอีกสักครู่",
  },
} satisfies Record<string, Failure>;

const byCode = new Map<string, Failure>(
  Object.values(paymentFailures).flatMap((failure: Failure) =>
    failure.codes.map((code) => [code, failure] as const),
  ),
);

/**
 * The reason in `locale` (lower case, no full stop: the caller frames it). An unknown code says
 * the bank declined, with the provider's own words after it when there are some.
 */
export function describePaymentFailure(
  code: string | null | undefined,
  providerMessage: string | null | undefined,
  locale: Locale,
): string {
  const known = code ? byCode.get(code) : undefined;
  if (known) return known[locale];
  const declined = paymentFailures.declined[locale];
  return providerMessage ? `${declined} (${providerMessage})` : declined;
}
