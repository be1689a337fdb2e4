import type { CsatDto, MessageFeedbackDto } from "@jai/contracts/analytics";
import type { BotDto, TranscriptDto, TranscriptMessageDto } from "@jai/contracts/console";
import { describeDeliveryProblem } from "@jai/contracts/delivery-problems";
import {
  AlertTriangle,
  ArrowLeft,
  FileIcon,
  ImageIcon,
  MapPin,
  ThumbsDown,
  ThumbsUp,
} from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { ConsolePageHeader } from "./console-parts";
import { LocalTime } from "./local-time";
import { MemoryPanel } from "./memory-panel";
import { consoleMessages } from "./messages";
import { transcriptFeedbackMessages } from "./transcript-feedback-messages";

export type TranscriptPageData = {
  bot: Pick<BotDto, "id" | "name">;
  transcript: TranscriptDto;
};

/** /app/bots/:botId/conversations/:conversationId: one conversation as chat bubbles. */
export function TranscriptPage({ data }: { data: TranscriptPageData }) {
  const m = useMessages(consoleMessages);
  const { conversation, messages } = data.transcript;
  return (
    <>
      <LocaleLink
        to={`/app/bots/${data.bot.id}/conversations`}
        className="mb-3 inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {m.transcript.back}
      </LocaleLink>
      <ConsolePageHeader
        title={`${m.transcript.title}: ${data.bot.name}`}
        intro={
          <>
            {m.transcript.started} <LocalTime iso={conversation.createdAt} /> ·{" "}
            {m.conversations.messages(conversation.messageCount)}
            <CsatLine csat={data.transcript.csat} />
          </>
        }
      />
      <MemoryPanel
        key={`${data.transcript.contact.contactId}:${data.transcript.contact.updatedAt}`}
        botId={data.bot.id}
        contact={data.transcript.contact}
      />
      {messages.length === 0 ? (
        <p className="text-muted-foreground">{m.transcript.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="transcript">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </ol>
      )}
    </>
  );
}

/** Each source's title once, in the order the reply used them ("Delivery policy.pdf, FAQ"). */
export function sourceTitles(sources: TranscriptMessageDto["sources"]): string[] {
  return [...new Set(sources.map((source) => source.title))];
}

function MessageBubble({ message }: { message: TranscriptMessageDto }) {
  const m = useMessages(consoleMessages);
  const locale = useLocale();
  const isUser = message.sender === "user";
  const mark =
    message.status === "failed"
      ? m.transcript.failed
      : message.status === "cancelled"
        ? m.transcript.cancelled
        : message.status === "streaming"
          ? m.transcript.streaming
          : null;
  return (
    <li
      className={cn("flex flex-col gap-1", isUser ? "items-end" : "items-start")}
      data-sender={message.sender}
      data-status={message.status}
    >
      <span className="text-muted-foreground text-xs">
        {m.transcript.senders[message.sender]} · <LocalTime iso={message.createdAt} />
      </span>
      <div
        className={cn(
          "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-sm sm:max-w-[70%]",
          isUser ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted",
          message.status === "failed" && "border border-destructive",
        )}
      >
        <Media message={message} />
        {message.content}
      </div>
      {message.sources.length > 0 ? (
        <span
          className="max-w-[85%] text-muted-foreground text-xs sm:max-w-[70%]"
          data-testid="answered-from"
        >
          {m.transcript.answeredFrom}: {sourceTitles(message.sources).join(", ")}
        </span>
      ) : null}
      {message.feedback ? <ReplyFeedback feedback={message.feedback} /> : null}
      {message.sentVia ? (
        <span className="text-muted-foreground text-xs" data-testid="sent-via">
          {m.transcript.sentVia[message.sentVia]}
        </span>
      ) : null}
      {message.deliveryError ? (
        <span className="flex items-center gap-1 text-destructive text-xs" role="note">
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          {m.transcript.notDelivered}: {describeDeliveryProblem(message.deliveryError, locale)}
        </span>
      ) : null}
      {mark ? (
        <span
          className={cn(
            "flex items-center gap-1 text-xs",
            message.status === "failed" ? "text-destructive" : "text-muted-foreground",
          )}
        >
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          {mark}
        </span>
      ) : null}
    </li>
  );
}

/** The customer's thumbs under a bot reply, with their reason on a thumbs down. */
function ReplyFeedback({ feedback }: { feedback: MessageFeedbackDto }) {
  const m = useMessages(transcriptFeedbackMessages);
  const isUp = feedback.rating === "up";
  const Icon = isUp ? ThumbsUp : ThumbsDown;
  return (
    <span
      className={cn(
        "flex max-w-[85%] flex-wrap items-center gap-1 text-xs sm:max-w-[70%]",
        isUp ? "text-green-800" : "text-destructive",
      )}
      data-testid="reply-feedback"
      data-rating={feedback.rating}
    >
      <Icon className="size-3.5" aria-hidden="true" fill="currentColor" />
      {keepThaiWords(isUp ? m.up : m.down)}
      {feedback.reason ? (
        <>
          <span className="sr-only">{m.reason}:</span>
          <q className="text-foreground">{feedback.reason}</q>
        </>
      ) : null}
    </span>
  );
}

/** The conversation's satisfaction score, or that it was asked; nothing before it was. */
function CsatLine({ csat }: { csat: CsatDto | undefined }) {
  const m = useMessages(transcriptFeedbackMessages);
  const locale = useLocale();
  if (!csat?.requestedAt) return null;
  if (csat.score === null) {
    return <span data-testid="csat"> · {keepThaiWords(m.csatAsked)}</span>;
  }
  const score = new Intl.NumberFormat(locale === "th" ? "th-TH" : "en").format(csat.score);
  return (
    <span data-testid="csat">
      {" · "}
      <span aria-hidden="true">{m.csat(score)}</span>
      <span className="sr-only">{m.csatLabel(score)}</span>
    </span>
  );
}

/** A photo (shown, opens full size), a shared location (with a map link), a video or file. */
function Media({ message }: { message: TranscriptMessageDto }) {
  const m = useMessages(consoleMessages);
  const media = message.media;
  if (media?.type === "photo") {
    return (
      <a href={media.url} target="_blank" rel="noopener noreferrer" className="mb-1 block">
        <img
          src={media.url}
          alt={m.transcript.imageAlt}
          className="max-h-64 w-auto max-w-full rounded-lg bg-background object-contain"
        />
      </a>
    );
  }
  if (media?.type === "map") {
    const url = `https://www.openstreetmap.org/?mlat=${media.latitude}&mlon=${media.longitude}#map=17/${media.latitude}/${media.longitude}`;
    return (
      <span className="mb-1 flex flex-wrap items-center gap-1 text-xs">
        <MapPin className="size-3.5" aria-hidden="true" />
        {m.transcript.map}
        {media.title ? `: ${media.title}` : ""} ·{" "}
        <a href={url} target="_blank" rel="noopener noreferrer" className="underline">
          {m.transcript.openMap}
        </a>
      </span>
    );
  }
  if (media?.type === "file") {
    return (
      <span className="mb-1 flex flex-wrap items-center gap-1 text-xs">
        <FileIcon className="size-3.5" aria-hidden="true" />
        {m.transcript.files[media.kind]}
        {media.name ? ` (${media.name})` : ""}
        {media.url ? (
          <a href={media.url} download className="underline">
            {m.transcript.download}
          </a>
        ) : (
          m.transcript.notKept
        )}
      </span>
    );
  }
  if (message.hasImage) {
    return (
      <span className="mb-1 flex items-center gap-1 text-xs opacity-80">
        <ImageIcon className="size-3.5" aria-hidden="true" />
        {m.transcript.image}
      </span>
    );
  }
  return null;
}
