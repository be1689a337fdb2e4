import type { InboxChannel } from "@jai/contracts/inbox";
import { Code2, Globe, type LucideIcon, MessageSquareText } from "lucide-react";
import { type SimpleIcon, siInstagram, siLine, siMessenger, siTiktok } from "simple-icons";
import { cn } from "~/lib/cn";

const brands: Partial<Record<InboxChannel, SimpleIcon>> = {
  line: siLine,
  messenger: siMessenger,
  instagram: siInstagram,
  tiktok: siTiktok,
};

const ownChannels: Record<"web" | "widget" | "api", LucideIcon> = {
  web: Globe,
  widget: MessageSquareText,
  api: Code2,
};

/**
 * A channel's mark: the chat app's logo in its colour, or a plain icon for Jai's own channels.
 * Decorative unless `label` is given (then it is an image with that name).
 */
export function ChannelIcon({
  channel,
  label,
  className,
}: {
  channel: InboxChannel;
  label?: string;
  className?: string;
}) {
  const brand = brands[channel];
  if (brand) {
    const svgClass = cn("size-4 shrink-0", className);
    return label ? (
      <svg
        viewBox="0 0 24 24"
        focusable="false"
        fill={`#${brand.hex}`}
        className={svgClass}
        data-channel={channel}
        role="img"
        aria-label={label}
      >
        <title>{label}</title>
        <path d={brand.path} />
      </svg>
    ) : (
      <svg
        viewBox="0 0 24 24"
        focusable="false"
        fill={`#${brand.hex}`}
        className={svgClass}
        data-channel={channel}
        aria-hidden="true"
      >
        <path d={brand.path} />
      </svg>
    );
  }
  const Icon = ownChannels[channel as keyof typeof ownChannels] ?? Globe;
  return (
    <Icon
      className={cn("size-4 shrink-0 text-muted-foreground", className)}
      data-channel={channel}
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    />
  );
}
