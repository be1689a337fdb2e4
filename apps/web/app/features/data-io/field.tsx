import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";
import { keepThaiWords } from "~/lib/thai-line-breaks";

/** A labelled field, with a hint under it (`<id>-hint`, for aria-describedby). */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {keepThaiWords(hint)}
        </p>
      ) : null}
    </div>
  );
}
