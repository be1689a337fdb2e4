import type { SimpleIcon } from "simple-icons";
import { cn } from "~/lib/cn";

/** A brand logo from simple-icons in its brand colour; decorative (the name is always shown). */
export function BrandIcon({ icon, className }: { icon: SimpleIcon; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={`#${icon.hex}`}
      className={cn("size-6", className)}
    >
      <path d={icon.path} />
    </svg>
  );
}
