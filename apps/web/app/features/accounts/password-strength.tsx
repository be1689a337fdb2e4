import { estimatePasswordStrength } from "@jai/contracts/accounts";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { accountMessages } from "./messages";

const barColors = [
  "bg-destructive",
  "bg-destructive",
  "bg-amber-500",
  "bg-emerald-500",
  "bg-emerald-600",
];

/** The length rule and a strength meter for a new password. */
export function PasswordStrength({ password }: { password: string }) {
  const m = useMessages(accountMessages);
  const strength = estimatePasswordStrength(password);
  return (
    <div className="flex flex-col gap-1.5">
      <p>{m.passwordHints.rule}</p>
      {password ? (
        <div className="flex items-center gap-2" aria-live="polite">
          <div className="flex flex-1 gap-1" aria-hidden="true">
            {[1, 2, 3, 4].map((level) => (
              <span
                key={level}
                className={cn(
                  "h-1.5 flex-1 rounded-full bg-muted",
                  strength >= level && barColors[strength],
                )}
              />
            ))}
          </div>
          <span className="shrink-0">
            {m.passwordHints.strengthLabel} {m.passwordHints.strength[strength]}
          </span>
        </div>
      ) : null}
    </div>
  );
}
