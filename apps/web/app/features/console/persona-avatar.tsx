import { avatarImageId } from "@jai/contracts/avatar-limits";
import { cn } from "~/lib/cn";

/**
 * A persona's avatar: its emoji, or its uploaded image (only ours, `/api/avatars/<id>`: a row
 * stored before the contract checked avatars may hold any URL, which must not be fetched); a
 * blank one shows 🤖.
 */
export function PersonaAvatar({ avatar, className }: { avatar: string; className?: string }) {
  const isImage = avatarImageId(avatar) !== null;
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
        (!/^[/a-z]/i.test(avatar) && avatar) || "🤖"
      )}
    </span>
  );
}
