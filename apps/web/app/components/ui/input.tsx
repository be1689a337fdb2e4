import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Shared look of single-line fields; `aria-invalid` turns the border red. */
export const fieldClassName =
  "w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30 md:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClassName, "h-10 py-2", className)} {...props} />;
}
