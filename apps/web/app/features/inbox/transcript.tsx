import { describeDeliveryProblem } from "@jai/contracts/delivery-problems";
import type { InboxMessageDto } from "@jai/contracts/inbox";
import {
  AlertTriangle,
  Bot,
  Check,
  Clock,
  Download,
  ExternalLink,
  FileIcon,
  LoaderCircle,
  MapPin,
  RotateCw,
} from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { eventText } from "./event-words";
import { ReplyFeedback } from "./feedback-marks";
import { inboxMessages } from "./messages";
import { moment } from "./time-words";
import type { OutgoingReply, ShownMessage } from "./use-conversation";

/**
 * The conversation's messages, oldest first: the customer on the left; the bot (its name, a bot
 * icon) and teammates (their names) on the right; changes of the conversation as small centred
 * lines. Teammates' replies say how they were delivered, and a failed one can be sent again.
 */
export function Transcript({
  shown,
  botName,
  customerName,
  meId,
  now,
  onRetryDelivery,
  onResend,
  onDiscard,
}: {
  shown: ShownMessage[];
  botName: string;
  customerName: string;
  meId: string;
  now: Date | null;
  onRetryDelivery(messageId: string): Promise<boolean>;
  onResend(clientId: string): void;
  onDiscard(clientId: string): void;
}) {
  const m = useMessages(inboxMessages);
  const [image, setImage] = useState<string | null>(null);
  if (shown.length === 0) {
    return <p className="p-6 text-center text-muted-foreground text-sm">{m.conversation.empty}</p>;
  }
  return (
    <>
      <ol className="flex flex-col gap-3 p-3 sm:p-4" data-testid="inbox-transcript">
        {shown.map((item) =>
          item.kind === "stored" ? (
            <StoredMessage
              key={item.message.id}
              message={item.message}
              botName={botName}
              customerName={customerName}
              meId={meId}
              now={now}
              onOpenImage={setImage}
              onRetryDelivery={onRetryDelivery}
            />
          ) : (
            <OutgoingMessage
              key={item.reply.clientId}
              reply={item.reply}
              onOpenImage={setImage}
              onResend={onResend}
              onDiscard={onDiscard}
            />
          ),
        )}
      </ol>
      <Dialog open={image !== null} onOpenChange={(open) => !open && setImage(null)}>
        <DialogContent closeLabel={m.common.close} className="max-w-3xl">
          <DialogTitle>{m.conversation.imageDialog}</DialogTitle>
          <DialogDescription className="sr-only">{m.conversation.imageAlt}</DialogDescription>
          {image ? (
            <>
              <img
                src={image}
                alt={m.conversation.imageAlt}
                className="max-h-[75dvh] w-full rounded-lg bg-muted object-contain"
              />
              {image.startsWith("data:") ? null : (
                <a
                  href={image}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-sm underline underline-offset-4"
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {m.conversation.openOriginal}
                </a>
              )}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function StoredMessage({
  message,
  botName,
  customerName,
  meId,
  now,
  onOpenImage,
  onRetryDelivery,
}: {
  message: InboxMessageDto;
  botName: string;
  customerName: string;
  meId: string;
  now: Date | null;
  onOpenImage(url: string): void;
  onRetryDelivery(messageId: string): Promise<boolean>;
}) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  if (message.sender === "event") {
    return (
      <li
        className="flex items-center gap-3 py-1 text-muted-foreground text-xs"
        data-sender="event"
        data-testid="inbox-event"
      >
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        <span className="max-w-[80%] text-center">
          {message.event && now ? eventText(message.event, m, locale, now) : message.content}
          {now ? (
            <>
              {" · "}
              <time dateTime={message.createdAt}>{moment(message.createdAt, now, locale)}</time>
            </>
          ) : null}
        </span>
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </li>
    );
  }
  const isCustomer = message.sender === "user";
  const sender = isCustomer ? (
    customerName
  ) : message.sender === "bot" ? (
    <span className="inline-flex items-center gap-1">
      <Bot className="size-3.5" aria-hidden="true" />
      {botName}
    </span>
  ) : (
    <>
      {message.author?.name ?? m.conversation.teammate}
      {message.author?.id === meId ? ` (${m.conversation.you})` : ""}
    </>
  );
  return (
    <li
      className={cn("flex flex-col gap-1", isCustomer ? "items-start" : "items-end")}
      data-sender={message.sender}
      data-status={message.status}
      data-testid="inbox-message"
    >
      <span className="flex items-center gap-1 text-muted-foreground text-xs">
        {sender}
        {now ? (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={message.createdAt}>{moment(message.createdAt, now, locale)}</time>
          </>
        ) : null}
      </span>
      <Bubble
        sender={message.sender}
        isFailed={message.status === "failed" || message.delivery === "failed"}
      >
        <Media message={message} onOpenImage={onOpenImage} />
        {message.content}
      </Bubble>
      {message.sources.length > 0 ? (
        <span className="max-w-[85%] text-muted-foreground text-xs">
          {m.conversation.answeredFrom}:{" "}
          {[...new Set(message.sources.map((source) => source.title))].join(", ")}
        </span>
      ) : null}
      {message.sender === "bot" && message.feedback ? (
        <ReplyFeedback feedback={message.feedback} />
      ) : null}
      {message.sender === "bot" && message.status !== "completed" ? (
        <span
          className={cn(
            "flex items-center gap-1 text-xs",
            message.status === "failed" ? "text-destructive" : "text-muted-foreground",
          )}
        >
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          {message.status === "failed"
            ? m.conversation.botFailed
            : message.status === "cancelled"
              ? m.conversation.botCancelled
              : m.conversation.streaming}
        </span>
      ) : null}
      {/* Teammates see how their reply went out; a bot reply the platform refused says why too. */}
      {message.sender === "human" || (message.sender === "bot" && message.delivery === "failed") ? (
        <Delivery message={message} onRetry={onRetryDelivery} />
      ) : null}
    </li>
  );
}

function OutgoingMessage({
  reply,
  onOpenImage,
  onResend,
  onDiscard,
}: {
  reply: OutgoingReply;
  onOpenImage(url: string): void;
  onResend(clientId: string): void;
  onDiscard(clientId: string): void;
}) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  return (
    <li
      className="flex flex-col items-end gap-1"
      data-sender="human"
      data-testid="inbox-message"
      data-outgoing={reply.state}
    >
      <Bubble
        sender="human"
        isFailed={reply.state === "failed"}
        isPending={reply.state === "sending"}
      >
        {reply.image ? <Photo url={reply.image} onOpen={onOpenImage} /> : null}
        {reply.text}
      </Bubble>
      {reply.state === "failed" ? (
        <span
          className="flex flex-wrap items-center justify-end gap-2 text-destructive text-xs"
          role="alert"
        >
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          {reply.error
            ? m.delivery.failed(describeDeliveryProblem(reply.error, locale))
            : m.delivery.failedUnknown}
          <Button
            variant="outline"
            size="sm"
            className="h-7"
            onClick={() => onResend(reply.clientId)}
          >
            <RotateCw aria-hidden="true" />
            {m.delivery.retry}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7"
            onClick={() => onDiscard(reply.clientId)}
          >
            {m.delivery.discard}
          </Button>
        </span>
      ) : (
        <span className="flex items-center gap-1 text-muted-foreground text-xs" role="status">
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" />
          {m.delivery.sending}
        </span>
      )}
    </li>
  );
}

function Bubble({
  sender,
  isFailed,
  isPending,
  children,
}: {
  sender: InboxMessageDto["sender"];
  isFailed?: boolean;
  isPending?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div
      className={cn(
        "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm sm:max-w-[75%]",
        sender === "user" && "rounded-bl-sm bg-muted",
        sender === "bot" && "rounded-br-sm border bg-background",
        sender === "human" && "rounded-br-sm bg-primary text-primary-foreground",
        isPending && "opacity-70",
        isFailed && "ring-2 ring-destructive",
      )}
    >
      {children}
    </div>
  );
}

/** How a teammate's reply went out (chat apps), and a retry when it failed. */
function Delivery({
  message,
  onRetry,
}: {
  message: InboxMessageDto;
  onRetry(messageId: string): Promise<boolean>;
}) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  const [isRetrying, setIsRetrying] = useState(false);
  if (message.delivery === "failed") {
    return (
      <span
        className="flex flex-wrap items-center justify-end gap-2 text-destructive text-xs"
        role="note"
      >
        <AlertTriangle className="size-3.5" aria-hidden="true" />
        {message.deliveryError
          ? m.delivery.failed(describeDeliveryProblem(message.deliveryError, locale))
          : m.delivery.failedUnknown}
        <Button
          variant="outline"
          size="sm"
          className="h-7"
          disabled={isRetrying}
          onClick={async () => {
            setIsRetrying(true);
            await onRetry(message.id);
            setIsRetrying(false);
          }}
        >
          {isRetrying ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <RotateCw aria-hidden="true" />
          )}
          {m.delivery.retry}
        </Button>
      </span>
    );
  }
  const text =
    message.delivery === "pending"
      ? m.delivery.pending
      : message.sentVia === "reply"
        ? m.delivery.sentReply
        : message.sentVia === "push"
          ? m.delivery.sentPush
          : message.delivery === "sent"
            ? m.delivery.sent
            : null;
  if (!text) return null;
  const Icon = message.delivery === "pending" ? Clock : Check;
  return (
    <span className="flex items-center gap-1 text-muted-foreground text-xs" data-testid="delivery">
      <Icon className="size-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}

function Photo({ url, onOpen }: { url: string; onOpen(url: string): void }) {
  const m = useMessages(inboxMessages);
  return (
    <button
      type="button"
      onClick={() => onOpen(url)}
      className="mb-1 block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={m.conversation.openImage}
    >
      <img
        src={url}
        alt={m.conversation.imageAlt}
        loading="lazy"
        className="max-h-60 w-auto max-w-full rounded-lg bg-background object-contain"
      />
    </button>
  );
}

/** A photo (opens large), a shared location (coordinates and a map link), a file to download. */
function Media({
  message,
  onOpenImage,
}: {
  message: InboxMessageDto;
  onOpenImage(url: string): void;
}) {
  const m = useMessages(inboxMessages);
  const media = message.media;
  if (!media) return null;
  if (media.type === "photo") return <Photo url={media.url} onOpen={onOpenImage} />;
  if (media.type === "map") {
    const { latitude, longitude } = media;
    const url = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
    return (
      <span className="mb-1 flex flex-col gap-0.5 text-xs">
        <span className="flex items-center gap-1 font-medium">
          <MapPin className="size-3.5" aria-hidden="true" />
          {media.title || m.conversation.location}
        </span>
        <span className="tabular-nums opacity-80">
          {latitude.toFixed(5)}, {longitude.toFixed(5)}
        </span>
        <a href={url} target="_blank" rel="noopener noreferrer" className="underline">
          {m.conversation.openMap}
        </a>
      </span>
    );
  }
  return (
    <span className="mb-1 flex flex-wrap items-center gap-1 text-xs">
      <FileIcon className="size-3.5" aria-hidden="true" />
      {m.conversation.files[media.kind]}
      {media.name ? ` (${media.name})` : ""}
      {media.url ? (
        <a href={media.url} download className="inline-flex items-center gap-0.5 underline">
          <Download className="size-3.5" aria-hidden="true" />
          {m.conversation.download}
        </a>
      ) : (
        <span className="opacity-80">· {m.conversation.notKept}</span>
      )}
    </span>
  );
}
