import { avatarImageId } from "@jai/contracts/avatar-limits";
import { Bot, Headset, Image as ImageIcon, MapPin, User } from "lucide-react";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import { cn } from "~/lib/cn";
import { useChatMessages } from "./chat-context";
import { Markdown } from "./markdown";
import type { ChatEntry } from "./use-bot-chat";

/**
 * One message: the user's on the right, the bot's (or a teammate's, under their first name) on
 * the left, each with an avatar; bubbles at most 70% of the row. Bot replies are Markdown,
 * rendered safely; a photo shows as an image, a map as "Map location shared".
 */
export function ChatMessage({ entry, botAvatar }: { entry: ChatEntry; botAvatar: string }) {
  const m = useChatMessages();
  const isUser = entry.sender === "user";
  const isTeammate = entry.sender === "human";
  const hasText = entry.content.trim() !== "";
  return (
    <li
      className={cn("flex items-end gap-2", isUser && "flex-row-reverse")}
      data-sender={entry.sender}
      data-status={entry.status}
    >
      {isTeammate ? (
        <span
          className="flex size-8 shrink-0 select-none items-center justify-center rounded-full border bg-muted text-muted-foreground"
          aria-hidden="true"
        >
          <Headset className="size-4" />
        </span>
      ) : (
        <Avatar isUser={isUser} botAvatar={botAvatar} />
      )}
      <div
        className={cn(
          "max-w-[70%] rounded-2xl px-4 py-2.5 text-sm shadow-sm",
          isUser
            ? "rounded-br-sm bg-primary text-primary-foreground"
            : "rounded-bl-sm border bg-card text-card-foreground",
          entry.status === "failed" && "border-destructive/40 bg-destructive/5",
        )}
      >
        <span className="sr-only">{isUser ? `${m.you}: ` : ""}</span>
        {isTeammate && (
          <p className="mb-1 font-medium text-muted-foreground text-xs">
            {entry.authorName || m.teamMember}
            <span className="sr-only">: </span>
          </p>
        )}
        {entry.media?.type === "photo" && (
          <img
            src={entry.media.url}
            alt={m.sharedImageAlt}
            className={cn(
              "max-h-64 w-auto max-w-full rounded-lg object-contain",
              hasText && "mb-2",
            )}
          />
        )}
        {entry.media?.type === "map" && (
          <p className={cn("flex items-center gap-1.5 italic", hasText && "mb-2")}>
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {m.mapShared}
          </p>
        )}
        {hasText ? (
          isUser ? (
            <p className="whitespace-pre-wrap break-words">{entry.content}</p>
          ) : (
            <Markdown text={entry.content} />
          )
        ) : (
          entry.media?.type === "photo" && (
            <p className="mt-1 flex items-center gap-1.5 text-xs italic opacity-90">
              <ImageIcon className="size-3.5 shrink-0" aria-hidden="true" />
              {m.imageShared}
            </p>
          )
        )}
        {entry.status === "cancelled" && (
          <p className="mt-1 text-muted-foreground text-xs italic">
            {entry.stopReason === "server_restart" ? m.stoppedByRestart : m.stopped}
          </p>
        )}
      </div>
    </li>
  );
}

function Avatar({ isUser, botAvatar }: { isUser: boolean; botAvatar: string }) {
  const className =
    "flex size-8 shrink-0 select-none items-center justify-center rounded-full text-base";
  if (isUser) {
    return (
      <span className={cn(className, "bg-primary/10 text-primary")} aria-hidden="true">
        <User className="size-4" />
      </span>
    );
  }
  if (avatarImageId(botAvatar)) {
    return (
      <PersonaAvatar avatar={botAvatar} name="" decorative className={cn(className, "border")} />
    );
  }
  return (
    <span className={cn(className, "border bg-brand-soft text-primary")} aria-hidden="true">
      {botAvatar.trim() ? botAvatar : <Bot className="size-4" />}
    </span>
  );
}

/** Three bouncing dots while the bot prepares its reply. */
export function TypingIndicator({ botName, botAvatar }: { botName: string; botAvatar: string }) {
  const m = useChatMessages();
  return (
    <li className="flex items-end gap-2" data-testid="typing-indicator">
      <Avatar isUser={false} botAvatar={botAvatar} />
      <div
        role="status"
        aria-label={m.typing(botName)}
        className="flex items-center gap-1 rounded-2xl rounded-bl-sm border bg-card px-4 py-3.5 shadow-sm"
      >
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-2 rounded-full bg-muted-foreground/70 motion-safe:animate-bounce"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  );
}
