import { type BillingCycle, billingCycleInfo, billingCycles } from "@jai/contracts";
import { useId } from "react";
import { useMessages } from "~/i18n/use-locale";
import { pricingMessages } from "./messages";

type BillingCycleToggleProps = {
  value: BillingCycle;
  onValueChange: (cycle: BillingCycle) => void;
};

/**
 * Monthly / 6 Months / Yearly as a segmented control made of native radio buttons: the browser
 * gives arrow-key selection and focus handling for free. (Radix RadioGroup drops the selection on
 * fast key presses, radix-ui/primitives#4094.)
 */
export function BillingCycleToggle({ value, onValueChange }: BillingCycleToggleProps) {
  const messages = useMessages(pricingMessages);
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={messages.cycles.label}
      className="inline-grid grid-cols-3 gap-1 rounded-2xl border bg-background/80 p-1.5 shadow-sm backdrop-blur"
    >
      {billingCycles.map((cycle) => {
        const { discountPercent } = billingCycleInfo[cycle];
        return (
          <label
            key={cycle}
            className="relative flex min-h-11 cursor-pointer select-none flex-col items-center justify-center gap-1 rounded-xl px-3 py-2 font-semibold text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-accent-foreground has-checked:bg-primary has-checked:text-primary-foreground has-checked:shadow-md has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 sm:flex-row sm:gap-2 sm:px-5"
          >
            <input
              type="radio"
              name={name}
              value={cycle}
              checked={value === cycle}
              onChange={() => onValueChange(cycle)}
              className="sr-only"
            />
            <span>{messages.cycles.names[cycle]}</span>
            {discountPercent > 0 && (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800 text-xs leading-tight">
                {messages.cycles.discount(discountPercent)}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
