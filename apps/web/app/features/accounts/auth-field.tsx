import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";

type AuthFieldProps = {
  id: string;
  label: string;
  /** The inline problem, shown under the control (the control points to `${id}-error`). */
  error?: string;
  /** Help shown under the control (the control points to `${id}-hint`). */
  hint?: ReactNode;
  /** Something on the label's line, at its end (e.g. "Forgot your password?"). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
};

export function AuthField({ id, label, error, hint, aside, className, children }: AuthFieldProps) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying a control to its error and hint. */
export function describedBy(id: string, { error, hint }: { error?: string; hint?: boolean }) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return {
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(ids.length > 0 ? { "aria-describedby": ids.join(" ") } : {}),
  };
}
