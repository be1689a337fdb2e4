import { planPriceSatang } from "@jai/contracts/billing";
import {
  type BillingCycle,
  billingCycleInfo,
  billingCycles,
  type PaidPlanId,
  paidPlanIds,
  paidPlans,
} from "@jai/contracts/plans";
import { useId } from "react";
import { formatSatang } from "./format";
import type { BillingMessages } from "./messages";

const optionClass =
  "flex min-w-0 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/**
 * The cycle and the plan, as two groups of radio buttons (arrow keys move within a group): each
 * plan with its price for the chosen cycle, each cycle with its discount. `current` marks the
 * plan and cycle in force.
 */
export function PlanPicker({
  m,
  plan,
  cycle,
  onPlan,
  onCycle,
  current,
  disabled,
}: {
  m: BillingMessages;
  plan: PaidPlanId;
  cycle: BillingCycle;
  onPlan: (plan: PaidPlanId) => void;
  onCycle: (cycle: BillingCycle) => void;
  current?: { planId: PaidPlanId; billingCycle: BillingCycle } | null;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div className="space-y-4">
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-2 font-medium text-sm">{m.checkout.cycle}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {billingCycles.map((id) => {
            const discount = billingCycleInfo[id].discountPercent;
            return (
              <label key={id} className={optionClass}>
                <input
                  type="radio"
                  name={`${name}-cycle`}
                  value={id}
                  checked={cycle === id}
                  onChange={() => onCycle(id)}
                  className="mt-0.5 accent-primary"
                  data-testid={`cycle-${id}`}
                />
                <span className="flex flex-wrap items-center gap-x-2">
                  <span className="font-medium">{m.cycles[id]}</span>
                  {discount > 0 ? (
                    <span className="text-success text-xs">{m.cycleDiscount(discount)}</span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-2 font-medium text-sm">{m.checkout.plan}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {paidPlanIds.map((id) => {
            const isCurrent = current?.planId === id && current.billingCycle === cycle;
            return (
              <label key={id} className={optionClass}>
                <input
                  type="radio"
                  name={`${name}-plan`}
                  value={id}
                  checked={plan === id}
                  onChange={() => onPlan(id)}
                  className="mt-0.5 accent-primary"
                  data-testid={`plan-${id}`}
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {m.plans[id]}
                    {isCurrent ? (
                      <span className="rounded-full bg-primary px-2 py-0.5 text-primary-foreground text-xs">
                        {m.change.current}
                      </span>
                    ) : null}
                  </span>
                  <span className="text-muted-foreground">
                    {paidPlans[id].isContactSales
                      ? m.checkout.contactSales
                      : `${formatSatang(planPriceSatang(id, cycle))}${m.checkout.perCycle[cycle]}`}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
