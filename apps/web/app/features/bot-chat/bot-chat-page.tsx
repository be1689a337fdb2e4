import { brand } from "@jai/contracts/brand";
import { CircleAlert, LoaderCircle, RefreshCw } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PersonaAvatar } from "~/features/persona-builder/avatar/persona-avatar";
import { ChatComposer } from "./chat-composer";
import { ChatMessage, TypingIndicator } from "./chat-message";
import { botChatMessages as m } from "./messages";
import { type ChatEntry, useBotChat } from "./use-bot-chat";

/** The public chat page of one bot (/bot/{botId}): seed section 2. */
export function BotChatPage({ botId }: { botId: string }) {
  const chat = useBotChat(botId);
  const { load } = chat;

  useEffect(() => {
    if (load.phase === "ready") document.title = m.documentTitle(load.bot.name, brand.name);
  }, [load]);

  return (
    <section className="mx-auto w-full max-w-3xl px-2 py-4 sm:px-4 sm:py-8">
      {load.phase === "loading" && <LoadingCard />}
      {load.phase === "failed" && <FailedCard reason={load.reason} onRetry={chat.retryLoad} />}
      {load.phase === "ready" && (
        <Card className="flex h-[calc(100dvh-6rem)] max-h-[56rem] min-h-[26rem] flex-col overflow-hidden sm:h-[calc(100dvh-10rem)]">
          <header className="flex items-center gap-3 border-b bg-brand-soft/60 px-4 py-3">
            <PersonaAvatar
              avatar={load.bot.avatar}
              name={load.bot.name}
              className="size-10 border bg-background bg-none text-xl"
            />
            <div className="min-w-0">
              <h1 className="font-semibold text-base leading-tight sm:text-lg">
                {m.title(load.bot.name)}
              </h1>
              {load.bot.description && (
                <p className="truncate text-muted-foreground text-sm">
                  <span aria-hidden="true">• </span>
                  {load.bot.description}
                </p>
              )}
            </div>
          </header>
          <MessageList
            botName={load.bot.name}
            botAvatar={load.bot.avatar}
            entries={chat.entries}
            isReplying={chat.isReplying}
          />
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {chat.announcement}
          </p>
          <ChatComposer botName={load.bot.name} isReplying={chat.isReplying} onSend={chat.send} />
        </Card>
      )}
    </section>
  );
}

function LoadingCard() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card role="status" className="flex items-center gap-3 px-8 py-6">
        <LoaderCircle className="size-5 text-primary motion-safe:animate-spin" aria-hidden="true" />
        <p className="font-medium">{m.loading}</p>
      </Card>
    </div>
  );
}

function FailedCard({ reason, onRetry }: { reason: "notFound" | "unreachable"; onRetry(): void }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card className="flex max-w-md flex-col items-center gap-3 px-8 py-8 text-center">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <h1 className="font-semibold text-xl">{m.errors.loadFailed}</h1>
        <p className="text-muted-foreground text-sm">
          {reason === "notFound" ? m.errors.notFound : m.errors.unreachable}
        </p>
        <div className="mt-2 flex gap-3">
          {reason === "unreachable" && (
            <Button onClick={onRetry}>
              <RefreshCw aria-hidden="true" />
              {m.errors.retry}
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to="/">{m.errors.backHome}</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

function MessageList({
  botName,
  botAvatar,
  entries,
  isReplying,
}: {
  botName: string;
  botAvatar: string;
  entries: ChatEntry[];
  isReplying: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const last = entries.at(-1);
  // The dots show until the reply's first words arrive.
  const isWaiting = isReplying && last?.sender === "user";

  // Follow new messages and streamed text, unless the reader scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the content changes
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    if (isNearBottom.current || last?.sender === "user") element.scrollTop = element.scrollHeight;
  }, [entries, isWaiting]);

  return (
    <div
      ref={scrollRef}
      className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5"
      onScroll={(event) => {
        const element = event.currentTarget;
        isNearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
      }}
    >
      <ol aria-label={m.messagesLabel(botName)} className="flex flex-col gap-3">
        {entries.map((entry) => (
          <ChatMessage key={entry.key} entry={entry} botAvatar={botAvatar} />
        ))}
        {isWaiting && <TypingIndicator botName={botName} botAvatar={botAvatar} />}
      </ol>
    </div>
  );
}
