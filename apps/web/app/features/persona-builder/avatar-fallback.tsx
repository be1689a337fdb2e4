import { cn } from "~/lib/cn";

// Until the avatar feature (avatar/) lands: the 8 emoji to choose from, and the avatar shown.
const avatarEmoji = ["🤖", "😊", "💼", "🎓", "💡", "🛍️", "❤️", "🌟"] as const;

export function EmojiAvatarField({
  value,
  onChange,
  label,
  chooseLabel,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
  chooseLabel(emoji: string): string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {avatarEmoji.map((emoji) => (
          <button
            key={emoji}
            type="button"
            aria-pressed={value === emoji}
            aria-label={chooseLabel(emoji)}
            onClick={() => onChange(emoji)}
            className={cn(
              "flex size-11 items-center justify-center rounded-xl border text-2xl transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              value === emoji && "border-primary bg-accent ring-2 ring-primary/40",
            )}
          >
            {emoji}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function EmojiAvatar({
  avatar,
  name,
  size = "md",
}: {
  avatar: string;
  name: string;
  size?: "sm" | "md" | "lg";
}) {
  const text =
    avatar.trim() && !avatar.startsWith("/") ? avatar : (Array.from(name.trim())[0] ?? "?");
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-soft to-accent",
        size === "sm" && "size-8 text-lg",
        size === "md" && "size-12 text-2xl",
        size === "lg" && "size-20 text-4xl",
      )}
    >
      {text}
    </span>
  );
}
