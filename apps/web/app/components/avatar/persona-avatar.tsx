import { avatarImageId } from "@jai/contracts/avatar-limits";
import { useState } from "react";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { firstLetter } from "~/lib/first-letter";

/** The alt text of an uploaded avatar. */
const uploadedAlt = {
  en: (name: string) => (name ? `${name}'s avatar` : "Custom avatar"),
  th: (name: string) => (name ? `รูปประจำตัวของ ${name}` : "รูปประจำตัวที่อัปโหลด"),
};

const sizes = {
  sm: "size-8 text-lg",
  md: "size-12 text-2xl",
  lg: "size-20 text-4xl",
} as const;

/**
 * A persona's avatar: its uploaded image (round, with alt text), its emoji, or the name's first
 * letter when there is neither (or the image fails to load). `className` adjusts the size.
 */
export function PersonaAvatar({
  avatar,
  name,
  size = "md",
  className,
  decorative = false,
}: {
  avatar: string;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
  /** Shown beside the name already (e.g. next to each chat message): the image gets no alt. */
  decorative?: boolean;
}) {
  const locale = useLocale();
  const [failedSource, setFailedSource] = useState<string | null>(null);
  const value = avatar.trim();
  const imageId = avatarImageId(value);
  const classes = cn(
    "flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-soft to-accent",
    sizes[size],
    className,
  );
  if (imageId && failedSource !== value) {
    return (
      <img
        src={value}
        alt={decorative ? "" : uploadedAlt[locale](name.trim())}
        className={cn(classes, "object-cover")}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSource(value)}
      />
    );
  }
  const isEmoji = value !== "" && !imageId && !value.startsWith("/");
  return (
    <span aria-hidden="true" className={classes}>
      {isEmoji ? value : firstLetter(name.trim())}
    </span>
  );
}
