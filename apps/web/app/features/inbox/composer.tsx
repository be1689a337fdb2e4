import type { CannedReplyDto, ComposerStateDto, InboxConversationDto } from "@jai/contracts/inbox";
import { inboxLimits } from "@jai/contracts/inbox";
import { ImagePlus, Info, Lock, SendHorizontal, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type AttachedImage, readImageFile } from "~/components/chat/read-image-file";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { cannedQuery, matchCanned } from "./canned-match";
import { type InboxMessages, inboxMessages } from "./messages";
import { duration } from "./time-words";
import { useNow } from "./use-now";

/** The character counter appears this close to the limit. */
const counterFrom = inboxLimits.replyText - 500;

/**
 * The reply box: Enter sends (never while an input method is composing Thai), Shift+Enter adds a
 * line; an image can be attached (checked before it is read); "/" at the start opens the canned
 * replies. Above it, what the channel allows: the reply window left, or on LINE whether this
 * reply goes free by reply token or as a push. When the channel refuses replies, it is disabled
 * and says why.
 */
export function Composer({
  conversation,
  composer,
  cannedReplies,
  onWantCanned,
  onSend,
}: {
  conversation: InboxConversationDto;
  composer: ComposerStateDto;
  /** Null until loaded (asked for with `onWantCanned` at the first "/"). */
  cannedReplies: CannedReplyDto[] | null;
  onWantCanned(): void;
  onSend(text: string, image: string | null): void;
}) {
  const m = useMessages(inboxMessages);
  const id = useId();
  const [text, setText] = useState("");
  const [image, setImage] = useState<AttachedImage | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [isCannedClosed, setIsCannedClosed] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const now = useNow(1_000);

  const query = isCannedClosed ? null : cannedQuery(text);
  const matches = query !== null && cannedReplies ? matchCanned(cannedReplies, query) : [];
  const isCannedOpen = query !== null;
  const disabled = !composer.canReply;
  const canSend = !disabled && (text.trim() !== "" || image !== null);

  useEffect(() => {
    if (isCannedOpen && cannedReplies === null) onWantCanned();
  }, [isCannedOpen, cannedReplies, onWantCanned]);

  // The box grows with its text, up to about eight lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the text changes
  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = "auto";
    textarea.style.height = `${Math.min(textarea.scrollHeight, 200)}px`;
  }, [text]);

  const submit = () => {
    if (!canSend) return;
    onSend(text.trim(), image?.dataUrl ?? null);
    setText("");
    setImage(null);
    setImageError(null);
    textareaRef.current?.focus();
  };

  const insert = (reply: CannedReplyDto) => {
    setText(reply.body);
    setIsCannedClosed(true);
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method (Thai, Japanese …) uses Enter to confirm a word: never send then.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (isCannedOpen) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (matches.length === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((index) => (index + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && matches.length > 0) {
        event.preventDefault();
        insert(matches[Math.min(active, matches.length - 1)]!);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setIsCannedClosed(true);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = "";
    if (!file) return;
    const result = await readImageFile(file);
    if ("problem" in result) {
      setImageError(m.composer.imageErrors[result.problem]);
      return;
    }
    setImageError(null);
    setImage(result.image);
    textareaRef.current?.focus();
  };

  const listId = `${id}-canned`;
  const hintId = `${id}-hint`;
  const stateId = `${id}-state`;
  const optionId = (index: number) => `${id}-canned-${index}`;

  return (
    <div className="border-t bg-background p-3" data-testid="inbox-composer">
      <ChannelState composer={composer} now={now} id={stateId} />
      {disabled ? null : conversation.status !== "open" ? (
        <p
          className="mb-2 flex items-start gap-1.5 text-muted-foreground text-xs"
          data-testid="takes-over"
        >
          <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {m.composer.takesOver}
        </p>
      ) : null}
      {image ? (
        <div className="relative mb-2 inline-block">
          <img
            src={image.dataUrl}
            alt={m.composer.imagePreview}
            className="h-20 w-auto max-w-40 rounded-lg border object-cover"
          />
          <button
            type="button"
            onClick={() => setImage(null)}
            aria-label={m.composer.removeImage}
            className="-top-2 -right-2 absolute flex size-6 items-center justify-center rounded-full bg-foreground text-background shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {imageError ? (
        <p className="mb-2 text-destructive text-sm" role="alert">
          {imageError}
        </p>
      ) : null}
      <form
        className="relative flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {isCannedOpen ? (
          <CannedList
            id={listId}
            matches={matches}
            isLoading={cannedReplies === null}
            hasAny={(cannedReplies?.length ?? 0) > 0}
            active={Math.min(active, Math.max(matches.length - 1, 0))}
            optionId={optionId}
            onPick={insert}
            m={m}
          />
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="reply-image-input"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        {composer.images ? (
          <Button
            type="button"
            variant="outline"
            size="icon"
            className="shrink-0"
            disabled={disabled}
            aria-label={m.composer.attach}
            title={m.composer.attach}
            onClick={() => fileRef.current?.click()}
          >
            <ImagePlus aria-hidden="true" />
          </Button>
        ) : null}
        <textarea
          ref={textareaRef}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setIsCannedClosed(false);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={inboxLimits.replyText}
          placeholder={m.composer.placeholder}
          aria-label={m.composer.label}
          aria-describedby={`${stateId} ${hintId}`}
          aria-autocomplete="list"
          aria-controls={isCannedOpen ? listId : undefined}
          aria-expanded={isCannedOpen}
          aria-activedescendant={
            isCannedOpen && matches.length > 0
              ? optionId(Math.min(active, matches.length - 1))
              : undefined
          }
          role="combobox"
          enterKeyHint="send"
          className="max-h-50 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base leading-6 placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm"
        />
        <Button
          type="submit"
          size="icon"
          className="shrink-0"
          disabled={!canSend}
          aria-label={m.composer.send}
          title={m.composer.send}
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
      <p id={hintId} className="mt-1 flex justify-between gap-2 text-muted-foreground text-xs">
        <span className="hidden sm:inline">
          {disabled ? "" : m.composer.hint("Enter", "Shift+Enter")}
        </span>
        {text.length >= counterFrom ? (
          <span className="ml-auto">
            {m.composer.characters(text.length, inboxLimits.replyText)}
          </span>
        ) : null}
      </p>
    </div>
  );
}

function CannedList({
  id,
  matches,
  isLoading,
  hasAny,
  active,
  optionId,
  onPick,
  m,
}: {
  id: string;
  matches: CannedReplyDto[];
  isLoading: boolean;
  hasAny: boolean;
  active: number;
  optionId(index: number): string;
  onPick(reply: CannedReplyDto): void;
  m: InboxMessages;
}) {
  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-lg border bg-popover shadow-lg">
      <p className="border-b px-3 py-1.5 font-medium text-muted-foreground text-xs">
        {m.composer.canned.label}
      </p>
      {matches.length > 0 ? (
        <div
          id={id}
          role="listbox"
          aria-label={m.composer.canned.label}
          className="max-h-64 overflow-y-auto py-1"
        >
          {matches.map((reply, index) => (
            <div
              key={reply.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Chosen with the mouse without taking the focus from the box.
              onMouseDown={(event) => {
                event.preventDefault();
                onPick(reply);
              }}
              className={cn(
                "cursor-pointer px-3 py-1.5 text-sm",
                index === active ? "bg-accent text-accent-foreground" : "hover:bg-muted",
              )}
            >
              <span className="font-mono font-semibold text-xs">/{reply.shortcut}</span>
              <span className="block truncate text-muted-foreground">{reply.body}</span>
            </div>
          ))}
        </div>
      ) : (
        <p id={id} className="px-3 py-2 text-muted-foreground text-sm">
          {isLoading ? "…" : hasAny ? m.composer.canned.none : m.composer.canned.noneYet}
        </p>
      )}
      {matches.length > 0 ? (
        <p className="border-t px-3 py-1 text-muted-foreground text-xs">
          {m.composer.canned.hint("Enter", "Tab", "Esc")}
        </p>
      ) : null}
    </div>
  );
}

/** What the channel allows now: the reply window left, LINE's reply token or push, or why not. */
function ChannelState({
  composer,
  now,
  id,
}: {
  composer: ComposerStateDto;
  now: Date | null;
  id: string;
}) {
  const m = useMessages(inboxMessages);
  if (!composer.canReply) {
    const reason = composer.refusal ?? "other";
    const refusals = m.composer.refusals;
    return (
      <p
        id={id}
        className="mb-2 flex items-start gap-1.5 rounded-md bg-muted p-2 text-sm"
        role="note"
        data-testid="composer-refusal"
      >
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {reason in refusals ? refusals[reason as keyof typeof refusals] : refusals.other}
      </p>
    );
  }
  const lines: { text: string; help?: string; tone: "info" | "warn" }[] = [];
  if (composer.line && now) {
    const expires = composer.line.replyTokenExpiresAt
      ? Date.parse(composer.line.replyTokenExpiresAt) - now.getTime()
      : 0;
    if (composer.line.via === "reply" && expires > 0) {
      lines.push({
        text: m.composer.lineReply(m.time.seconds(Math.ceil(expires / 1000))),
        tone: "info",
      });
    } else {
      lines.push({ text: m.composer.linePush, tone: "warn" });
    }
  }
  const { kind, endsAt } = composer.window;
  if (kind !== "none" && endsAt && now) {
    const left = duration(Math.max(0, Date.parse(endsAt) - now.getTime()), m);
    const w = m.composer.window;
    const help =
      kind === "standard"
        ? w.standardHelp
        : kind === "human_agent"
          ? w.humanAgentHelp
          : w.tiktokHelp;
    lines.push({ text: w[kind](left), help, tone: kind === "standard" ? "info" : "warn" });
  }
  if (!composer.images) lines.push({ text: m.composer.noImages, tone: "info" });
  return (
    <div id={id} className="mb-2 space-y-0.5 text-xs" data-testid="composer-state">
      {lines.map((line) => (
        <p
          key={line.text}
          title={line.help}
          className={cn(line.tone === "warn" ? "text-amber-800" : "text-muted-foreground")}
        >
          {line.text}
          {line.help ? <span className="sr-only"> ({line.help})</span> : null}
        </p>
      ))}
    </div>
  );
}
