import { cn } from "~/lib/cn";

/** A listed persona's avatar: an emoji or an uploaded image (/api/avatars/…); blank shows 🤖. */
export function ListingAvatar({ avatar, className }: { avatar: string; className?: string }) {
  const isImage = /^(\/api\/avatars\/|https:\/\/)/.test(avatar);
  return (
    <span
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-2xl",
        className,
      )}
      aria-hidden="true"
    >
      {isImage ? (
        <img src={avatar} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        avatar || "🤖"
      )}
    </span>
  );
}
