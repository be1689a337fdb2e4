import type { ReactNode } from "react";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";

/** One part of the billing page: a card with a heading (a landmark named by it). */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`billing-${id}-title`} data-testid={`billing-${id}`}>
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div>
            <h2 id={`billing-${id}-title`} className="font-semibold text-xl">
              {keepThaiWords(title)}
            </h2>
            {intro ? (
              <p className="mt-1 text-muted-foreground text-sm">{keepThaiWords(intro)}</p>
            ) : null}
          </div>
          {children}
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * A labelled field with its hint (`<id>-hint`) and its error (`<id>-error`, announced), both
 * named by the input's aria-describedby (see `describedBy`).
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0 space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {keepThaiWords(hint)}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm" data-testid="field-error">
          {keepThaiWords(error)}
        </p>
      ) : null}
    </div>
  );
}

/** aria-invalid and aria-describedby for a field's input. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: unknown }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
  } as const;
}

/** A message in a box: a status (polite) or an alert (errors). */
export function Notice({
  tone,
  children,
  testId,
}: {
  tone: "info" | "success" | "warning" | "error";
  children: ReactNode;
  testId?: string;
}) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={cn(
        "rounded-md p-3 text-sm",
        tone === "info" && "bg-accent text-accent-foreground",
        tone === "success" && "bg-success/10 text-success",
        tone === "warning" && "border border-amber-300 bg-amber-50 text-amber-950",
        tone === "error" && "bg-destructive/10 text-destructive",
      )}
    >
      {typeof children === "string" ? keepThaiWords(children) : children}
    </p>
  );
}
