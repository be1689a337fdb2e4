import { describe, expect, it } from "vitest";
import { describePaymentFailure, paymentFailures } from "./payment-failures";

describe("describePaymentFailure", () => {
  it("says Omise's and Stripe's codes for the same reason in the same words, in both languages", () => {
    for (const code of ["insufficient_fund", "insufficient_funds"]) {
      expect(describePaymentFailure(code, "insufficient funds in the account", "th")).toBe(
        paymentFailures.insufficientFunds.th,
      );
      expect(describePaymentFailure(code, null, "en")).toBe(paymentFailures.insufficientFunds.en);
    }
    expect(describePaymentFailure("failed_3ds", null, "th")).toBe(
      "การยืนยันตัวตนกับธนาคาร (3-D Secure) ไม่ผ่าน",
    );
  });

  it("an unknown code says the bank declined, with the provider's words after it when there are some", () => {
    expect(describePaymentFailure("brand_new_code", "Card velocity exceeded.", "th")).toBe(
      "ธนาคารปฏิเสธการชำระเงิน (Card velocity exceeded.)",
    );
    expect(describePaymentFailure(null, null, "en")).toBe("the bank declined the payment");
  });

  it("every Thai text is Thai and no code belongs to two reasons", () => {
    const seen = new Set<string>();
    for (const failure of Object.values(paymentFailures)) {
      expect(failure.th).toMatch(/[\u0E00-\u0E7F]/);
      for (const code of failure.codes) {
        expect(seen.has(code), code).toBe(false);
        seen.add(code);
      }
    }
  });
});
