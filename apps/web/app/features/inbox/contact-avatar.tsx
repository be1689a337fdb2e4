import type { InboxChannel } from "@jai/contracts/inbox";
import { UserRound } from "lucide-react";
import { cn } from "~/lib/cn";
import { firstLetter } from "~/lib/first-letter";
import { ChannelIcon } from "./channel-icon";

/** A contact's picture (from the chat app) or their initial, with the channel's mark in a corner. */
export function ContactAvatar({
  name,
  avatarUrl,
  channel,
  className,
}: {
  name: string | null;
  avatarUrl: string | null;
  channel?: InboxChannel;
  className?: string;
}) {
  return (
    <span className={cn("relative inline-flex size-10 shrink-0", className)} aria-hidden="true">
      {avatarUrl ? (
        <img
          src={avatarUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          className="size-full rounded-full bg-muted object-cover"
        />
      ) : (
        <span className="flex size-full items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground">
          {name ? firstLetter(name) : <UserRound className="size-1/2" />}
        </span>
      )}
      {channel ? (
        <span className="-right-0.5 -bottom-0.5 absolute flex size-[1.125rem] items-center justify-center rounded-full border bg-background">
          <ChannelIcon channel={channel} className="size-3" />
        </span>
      ) : null}
    </span>
  );
}

/** The name to show: the contact's, or "Visitor 3f2a" (a short id) when they gave none. */
export function contactLabel(
  contact: { id: string; name: string | null },
  visitor: string,
): string {
  return contact.name?.trim() || `${visitor} ${contact.id.replace(/-/g, "").slice(0, 4)}`;
}
