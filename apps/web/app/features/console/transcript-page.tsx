import type { BotDto, TranscriptDto, TranscriptMessageDto } from "@jai/contracts/console";
import { AlertTriangle, ArrowLeft, ImageIcon } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { ConsolePageHeader } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";

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
          </>
        }
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

function MessageBubble({ message }: { message: TranscriptMessageDto }) {
  const m = useMessages(consoleMessages);
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
        {message.hasImage ? (
          <span className="mb-1 flex items-center gap-1 text-xs opacity-80">
            <ImageIcon className="size-3.5" aria-hidden="true" />
            {m.transcript.image}
          </span>
        ) : null}
        {message.content}
      </div>
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
