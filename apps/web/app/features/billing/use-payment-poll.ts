import type { PaymentStatusDto } from "@jai/contracts/billing";
import { useEffect, useRef, useState } from "react";
import type { BillingApi } from "./billing-api";

/** How often a pending payment (PromptPay, 3-D Secure) is asked about. */
export const paymentPollMs = 3000;

/**
 * Follows one payment: asks `GET /api/console/billing/payments/:id` every 3 s while it is
 * pending and stops when it succeeded, failed or expired (then `onSettled` runs once). `initial`
 * is what the action that started it answered (shown at once, no first request).
 */
export function usePaymentPoll(
  api: BillingApi,
  paymentId: string | null,
  {
    initial,
    onSettled,
  }: { initial?: PaymentStatusDto | null; onSettled?: (payment: PaymentStatusDto) => void } = {},
): PaymentStatusDto | null {
  const [payment, setPayment] = useState<PaymentStatusDto | null>(
    initial && initial.id === paymentId ? initial : null,
  );
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const apiRef = useRef(api);
  apiRef.current = api;
  // What the starting action answered, read when the payment changes (not a reason to restart).
  const initialRef = useRef(initial);
  initialRef.current = initial;

  useEffect(() => {
    if (!paymentId) {
      setPayment(null);
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const first = initialRef.current;
    const start = first && first.id === paymentId ? first : null;
    setPayment(start);

    const finish = (current: PaymentStatusDto) => {
      if (current.status !== "pending") {
        settled.current?.(current);
        return true;
      }
      return false;
    };
    const ask = async () => {
      const result = await apiRef.current.payment(paymentId);
      if (stopped) return;
      if (result.ok) {
        setPayment(result.data);
        if (finish(result.data)) return;
      }
      timer = setTimeout(() => void ask(), paymentPollMs);
    };
    if (start && finish(start)) return;
    if (start) timer = setTimeout(() => void ask(), paymentPollMs);
    else void ask();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [paymentId]);

  return payment;
}
