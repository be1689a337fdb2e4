import { cn } from "~/lib/cn";
import { type FeatureIconSource, isBrandIcon } from "./feature-page-config";

/**
 * A card's icon tile. Brand logos sit on their brand colour like an app icon; other icons on the
 * soft violet accent. Decorative: the card's title always names the feature.
 */
export function FeatureIcon({ icon, className }: { icon: FeatureIconSource; className?: string }) {
  if (isBrandIcon(icon)) {
    return (
      <span
        aria-hidden="true"
        className={cn(
          "flex size-12 shrink-0 items-center justify-center rounded-xl shadow-sm",
          className,
        )}
        style={{ backgroundColor: `#${icon.hex}` }}
      >
        <svg
          viewBox="0 0 24 24"
          fill="#fff"
          aria-hidden="true"
          focusable="false"
          className="size-6"
        >
          <path d={icon.path} />
        </svg>
      </span>
    );
  }
  const Icon = icon;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent text-primary",
        className,
      )}
    >
      <Icon className="size-6" strokeWidth={1.75} />
    </span>
  );
}
