import { avatarImageId } from "@jai/contracts/avatar-limits";
import { Bot, Headset, Image as ImageIcon, MapPin, ThumbsDown, ThumbsUp, User } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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
export function ChatMessage({
  entry,
  botAvatar,
  onRate,
}: {
  entry: ChatEntry;
  botAvatar: string;
  /** Thumbs on a stored bot reply; absent: no thumbs (the greeting, a preview). */
  onRate?: (messageId: string, rating: "up" | "down" | null, reason?: string) => Promise<boolean>;
}) {
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
        {onRate &&
          entry.sender === "bot" &&
          entry.id &&
          entry.status === "completed" &&
          hasText && (
            <FeedbackBar messageId={entry.id} rating={entry.feedback ?? null} onRate={onRate} />
          )}
      </div>
    </li>
  );
}

/**
 * A thumbs-down reason's longest text: the contracts' `analyticsLimits.feedbackReason` (not
 * imported: that module would bring zod into the chat's JavaScript; a test keeps them equal).
 */
export const feedbackReasonMax = 500;

/**
 * Thumbs up / down under a bot reply: toggle buttons (`aria-pressed`); pressing the chosen one
 * again takes the vote back (or changes it). A thumbs down asks, optionally, what was wrong:
 * the field takes the focus, Escape skips it, and the focus goes back to the thumbs after.
 */
function FeedbackBar({
  messageId,
  rating,
  onRate,
}: {
  messageId: string;
  rating: "up" | "down" | null;
  onRate: (messageId: string, rating: "up" | "down" | null, reason?: string) => Promise<boolean>;
}) {
  const m = useChatMessages();
  const reasonId = useId();
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState("");
  const [status, setStatus] = useState<"idle" | "thanks" | "failed">("idle");
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (askReason) reasonRef.current?.focus();
    else if (wasAsking.current) downRef.current?.focus();
    wasAsking.current = askReason;
  }, [askReason]);
  const vote = async (next: "up" | "down" | null, why?: string) => {
    const saved = await onRate(messageId, next, why);
    setStatus(saved ? (next ? "thanks" : "idle") : "failed");
    return saved;
  };
  const button = (value: "up" | "down") => {
    const pressed = rating === value;
    const Icon = value === "up" ? ThumbsUp : ThumbsDown;
    return (
      <button
        ref={value === "down" ? downRef : undefined}
        type="button"
        aria-pressed={pressed}
        aria-label={value === "up" ? m.feedback.up : m.feedback.down}
        title={value === "up" ? m.feedback.up : m.feedback.down}
        data-testid={`feedback-${value}`}
        className={cn(
          "inline-flex size-7 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
          pressed && "bg-primary/10 text-primary",
        )}
        onClick={async () => {
          const next = pressed ? null : value;
          const saved = await vote(next);
          setAskReason(saved && next === "down");
          setReason("");
        }}
      >
        <Icon className="size-3.5" aria-hidden="true" fill={pressed ? "currentColor" : "none"} />
      </button>
    );
  };
  return (
    <div className="mt-1.5 border-t pt-1" data-testid="feedback">
      {/* biome-ignore lint/a11y/useSemanticElements: a toolbar of two toggles, not a form field set */}
      <div role="group" aria-label={m.feedback.group} className="flex items-center gap-1">
        {button("up")}
        {button("down")}
        <span className="ml-1 text-muted-foreground text-xs" role="status">
          {status === "thanks" && !askReason
            ? m.feedback.thanks
            : status === "failed"
              ? m.feedback.failed
              : ""}
        </span>
      </div>
      {askReason && (
        <form
          className="mt-1 flex flex-col gap-1.5"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await vote("down", reason)) setAskReason(false);
          }}
        >
          <label htmlFor={reasonId} className="text-muted-foreground text-xs">
            {m.feedback.reasonLabel}
          </label>
          <textarea
            ref={reasonRef}
            id={reasonId}
            value={reason}
            maxLength={feedbackReasonMax}
            rows={2}
            placeholder={m.feedback.reasonPlaceholder}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                setAskReason(false);
                setStatus("thanks");
              }
            }}
            className="w-full resize-none rounded-md border bg-background px-2 py-1 text-xs"
            data-testid="feedback-reason"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className="rounded-md px-2 py-1 text-muted-foreground text-xs hover:bg-muted"
              onClick={() => {
                setAskReason(false);
                setStatus("thanks");
              }}
            >
              {m.feedback.skip}
            </button>
            <button
              type="submit"
              className="rounded-md bg-primary px-2 py-1 text-primary-foreground text-xs"
              data-testid="feedback-send"
            >
              {m.feedback.send}
            </button>
          </div>
        </form>
      )}
    </div>
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
