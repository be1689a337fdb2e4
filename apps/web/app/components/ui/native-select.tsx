import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { fieldClassName } from "./input";

/**
 * A real <select> styled like the other fields: works without JavaScript, uses the phone's own
 * picker and posts with the form.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(fieldClassName, "h-10 cursor-pointer appearance-none py-2 pr-10", className)}
        {...props}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
