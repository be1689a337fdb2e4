import { cn } from "~/lib/cn";

/** A persona's avatar: an emoji today, an uploaded image's URL later; a blank one shows 🤖. */
export function PersonaAvatar({ avatar, className }: { avatar: string; className?: string }) {
  const isImage = /^(\/|https?:\/\/)/.test(avatar);
  return (
    <span
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-xl",
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
