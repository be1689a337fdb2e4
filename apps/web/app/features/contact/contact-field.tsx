import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";

type ContactFieldProps = {
  id: string;
  label: string;
  isRequired?: boolean;
  optionalText: string;
  /** The inline problem, shown under the control and announced with it. */
  error?: string;
  className?: string;
  children: ReactNode;
};

/** Label, control and inline error of one form field; the control gets `id` and `${id}-error`. */
export function ContactField({
  id,
  label,
  isRequired = false,
  optionalText,
  error,
  className,
  children,
}: ContactFieldProps) {
  return (
    <div className={className}>
      <Label htmlFor={id} className="mb-2 flex items-baseline gap-1">
        {label}
        {isRequired ? (
          // The control's `required` attribute already tells assistive technology.
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="font-normal text-muted-foreground text-xs">{optionalText}</span>
        )}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
