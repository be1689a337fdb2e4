import { brand } from "@jai/contracts/brand";
import type { PublicBot } from "@jai/contracts/chat";
import { CircleAlert, LoaderCircle, RefreshCw, X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef } from "react";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { type ChatApi, pageChatApi } from "./chat-api";
import { ChatComposer } from "./chat-composer";
import { BotChatProvider, useChatMessages } from "./chat-context";
import { ChatMessage, TypingIndicator } from "./chat-message";
import { CsatCard } from "./csat-card";
import type { ChatLocale } from "./messages";
import { type ChatCsat, type ChatEntry, useBotChat } from "./use-bot-chat";

/**
 * The hosted page of one bot (/bot/{botId}): the bot's own page for its customers, in the bot's
 * language, with no marketing header or footer (seed section 2). The server renders the bot
 * (`initialBot`), so nothing moves when the page becomes interactive.
 */
export function BotChatPage({
  botId,
  locale,
  initialBot,
}: {
  botId: string;
  locale: ChatLocale;
  /** The bot as the server rendered it; "missing": the server found none; null: load it here. */
  initialBot: PublicBot | "missing" | null;
}) {
  return (
    <BotChatProvider locale={locale} api={pageChatApi}>
      <section className="mx-auto flex h-dvh w-full max-w-3xl flex-col px-2 py-2 sm:px-4 sm:py-6">
        <BotChat botId={botId} initialBot={initialBot ?? undefined} variant="page" />
      </section>
    </BotChatProvider>
  );
}

/**
 * The chat itself, shared by the hosted page and the website widget's iframe: header with the
 * bot's name and avatar, the messages (a live region announces replies), the composer, and the
 * "Powered by" link unless the owner's plan is white-label.
 */
export function BotChat({
  botId,
  initialBot,
  variant,
  onClose,
  onReply,
}: {
  botId: string;
  initialBot?: PublicBot | "missing";
  variant: "page" | "widget";
  /** The widget's close button. */
  onClose?(): void;
  onReply?(text: string): void;
}) {
  const m = useChatMessages();
  const chat = useBotChat(botId, { initialBot, onReply });
  const { load } = chat;

  useEffect(() => {
    if (load.phase === "ready" && variant === "page") {
      document.title = m.documentTitle(load.bot.name, brand.name);
    }
  }, [load, m, variant]);

  if (load.phase === "loading") return <LoadingCard />;
  if (load.phase === "failed") {
    return <FailedCard reason={load.reason} onRetry={chat.retryLoad} />;
  }
  return (
    <Card
      className={cn(
        "flex min-h-0 flex-1 flex-col gap-0 overflow-hidden py-0",
        variant === "widget" && "rounded-none border-0 shadow-none",
      )}
    >
      <header className="flex items-center gap-3 border-b bg-brand-soft/60 px-4 py-3">
        <PersonaAvatar
          avatar={load.bot.avatar}
          name={load.bot.name}
          className="size-10 shrink-0 border bg-background bg-none text-xl"
        />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold text-base leading-tight sm:text-lg">
            {m.title(load.bot.name)}
          </h1>
          {load.bot.description && (
            <p className="truncate text-muted-foreground text-sm">
              <span aria-hidden="true">• </span>
              {load.bot.description}
            </p>
          )}
        </div>
        {onClose && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onClose}
            aria-label={m.close}
            title={m.close}
            data-testid="widget-close"
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </header>
      <MessageList
        botName={load.bot.name}
        botAvatar={load.bot.avatar}
        entries={chat.entries}
        isReplying={chat.isReplying}
        isWaitingForTeam={chat.isWaitingForTeam}
        onRate={chat.rate}
        csat={chat.csat}
        onAnswerCsat={chat.answerCsat}
      />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {chat.announcement}
      </p>
      <ChatComposer
        botName={load.bot.name}
        isReplying={chat.isReplying}
        onSend={chat.send}
        onTyping={chat.typing}
      />
      {load.bot.poweredBy && (
        <p className="border-t py-1 text-center text-muted-foreground text-xs">
          <a href="/" target="_blank" rel="noopener" className="underline-offset-2 hover:underline">
            {m.poweredBy(brand.name)}
          </a>
        </p>
      )}
    </Card>
  );
}

function LoadingCard() {
  const m = useChatMessages();
  return (
    <div className="flex flex-1 items-center justify-center">
      <Card role="status" className="flex flex-row items-center gap-3 px-8 py-6">
        <LoaderCircle className="size-5 text-primary motion-safe:animate-spin" aria-hidden="true" />
        <p className="font-medium">{m.loading}</p>
      </Card>
    </div>
  );
}

function FailedCard({ reason, onRetry }: { reason: "notFound" | "unreachable"; onRetry(): void }) {
  const m = useChatMessages();
  return (
    <div className="flex flex-1 items-center justify-center">
      <Card className="flex max-w-md flex-col items-center gap-3 px-8 py-8 text-center">
        <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
        <h1 className="font-semibold text-xl">{m.errors.loadFailed}</h1>
        <p className="text-muted-foreground text-sm">
          {reason === "notFound" ? m.errors.notFound : m.errors.unreachable}
        </p>
        {reason === "unreachable" && (
          <Button onClick={onRetry} className="mt-2">
            <RefreshCw aria-hidden="true" />
            {m.errors.retry}
          </Button>
        )}
      </Card>
    </div>
  );
}

function MessageList({
  botName,
  botAvatar,
  entries,
  isReplying,
  isWaitingForTeam,
  onRate,
  csat,
  onAnswerCsat,
}: {
  botName: string;
  botAvatar: string;
  entries: ChatEntry[];
  isReplying: boolean;
  isWaitingForTeam: boolean;
  onRate: (messageId: string, rating: "up" | "down" | null, reason?: string) => Promise<boolean>;
  csat: ChatCsat | null;
  onAnswerCsat(score: number): Promise<boolean>;
}) {
  const m = useChatMessages();
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
  }, [entries, isWaiting, isWaitingForTeam, csat]);

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
          <ChatMessage key={entry.key} entry={entry} botAvatar={botAvatar} onRate={onRate} />
        ))}
        {isWaiting && <TypingIndicator botName={botName} botAvatar={botAvatar} />}
        {isWaitingForTeam && !isReplying && (
          <li className="text-center text-muted-foreground text-xs" data-testid="team-will-reply">
            {m.teamWillReply}
          </li>
        )}
        {csat && !isReplying && <CsatCard score={csat.score} onAnswer={onAnswerCsat} />}
      </ol>
    </div>
  );
}

export type { ChatApi };
