import type { CannedReplyDto, InboxActionInput, InboxPersonDto } from "@jai/contracts/inbox";
import { ArrowDown, ArrowLeft, LoaderCircle, PanelRight, UserRound } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import { ChannelIcon } from "./channel-icon";
import { Composer } from "./composer";
import { ContactAvatar, contactLabel } from "./contact-avatar";
import { ConversationActions } from "./conversation-actions";
import { CsatBadge } from "./feedback-marks";
import { inboxMessages } from "./messages";
import { StatusBadge } from "./status-badge";
import { Transcript } from "./transcript";
import type { ConversationState } from "./use-conversation";

/** Closer than this to the bottom, new messages scroll into view by themselves. */
const stickyPx = 120;

/**
 * The open conversation (the inbox's middle column; a screen of its own on a phone): who it is
 * with and what can be done, the transcript, and the composer.
 */
export function ConversationView({
  state,
  me,
  listHref,
  now,
  cannedReplies,
  onWantCanned,
  onOpenContact,
}: {
  state: ConversationState;
  me: InboxPersonDto;
  /** Back to the list, filters kept. */
  listHref: string;
  now: Date | null;
  cannedReplies: CannedReplyDto[] | null;
  onWantCanned(): void;
  /** Opens the contact panel as a sheet (narrow screens). */
  onOpenContact(): void;
}) {
  const m = useMessages(inboxMessages);
  const { detail, status, shown } = state;
  const scroller = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const lastCount = useRef(0);
  const conversationId = detail?.conversation.id ?? null;

  // A newly opened conversation starts at its newest message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new conversation only
  useLayoutEffect(() => {
    isNearBottom.current = true;
    lastCount.current = 0;
    setHasNewBelow(false);
  }, [conversationId]);

  // New messages: follow them when the teammate is at the bottom, or offer a jump down.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const grew = shown.length > lastCount.current;
    const isOwnSend = shown.at(-1)?.kind === "outgoing";
    lastCount.current = shown.length;
    if (!grew) return;
    if (isNearBottom.current || isOwnSend) {
      element.scrollTop = element.scrollHeight;
      setHasNewBelow(false);
    } else {
      setHasNewBelow(true);
    }
  }, [shown]);

  useEffect(() => {
    if (state.isTyping && isNearBottom.current && scroller.current) {
      scroller.current.scrollTop = scroller.current.scrollHeight;
    }
  }, [state.isTyping]);

  if (status === "loading" || (status === "ready" && !detail)) {
    return (
      <div
        className="flex flex-1 items-center justify-center p-6 text-muted-foreground text-sm"
        role="status"
      >
        <LoaderCircle className="mr-2 size-4 animate-spin" aria-hidden="true" />
        {m.conversation.loading}
      </div>
    );
  }
  if (status === "notFound" || status === "error" || !detail) {
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm"
        role="alert"
      >
        <p>{status === "notFound" ? m.conversation.notFound : m.conversation.loadFailed}</p>
        <div className="flex gap-2">
          {status === "error" ? (
            <Button variant="outline" size="sm" onClick={state.reload}>
              {m.list.retry}
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm" className="lg:hidden">
            <LocaleLink to={listHref}>{m.conversation.back}</LocaleLink>
          </Button>
        </div>
      </div>
    );
  }

  const { conversation, contact, composer, teammates } = detail;
  const name = contactLabel(contact, m.list.visitor);
  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid="inbox-conversation"
      data-status={conversation.status}
    >
      <header className="flex flex-col gap-2 border-b p-3">
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost" size="icon" className="-ml-1 size-9 shrink-0 lg:hidden">
            <LocaleLink to={listHref} aria-label={m.conversation.back} title={m.conversation.back}>
              <ArrowLeft aria-hidden="true" />
            </LocaleLink>
          </Button>
          <ContactAvatar name={contact.name} avatarUrl={contact.avatarUrl} className="size-9" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold" data-testid="conversation-title">
              {name}
            </h2>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-muted-foreground text-xs">
              <span className="inline-flex items-center gap-1">
                <ChannelIcon channel={conversation.channel} className="size-3.5" />
                {m.channels[conversation.channel]}
              </span>
              <span aria-hidden="true">·</span>
              <span className="truncate">{conversation.botName}</span>
              <StatusBadge status={conversation.status} />
              <CsatBadge csat={detail.csat} />
              {conversation.assignee ? (
                <span className="inline-flex items-center gap-1">
                  <UserRound className="size-3" aria-hidden="true" />
                  {m.list.assignedTo(conversation.assignee.name)}
                </span>
              ) : null}
            </p>
          </div>
          <Button
            variant="outline"
            size="icon"
            className="size-9 shrink-0 xl:hidden"
            onClick={onOpenContact}
            aria-label={m.conversation.contactDetails}
            title={m.conversation.contactDetails}
          >
            <PanelRight aria-hidden="true" />
          </Button>
        </div>
        <ConversationActions
          conversation={conversation}
          teammates={teammates}
          me={me}
          onAct={async (action: InboxActionInput) => state.act(action)}
        />
      </header>
      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          className="h-full overflow-y-auto"
          role="log"
          aria-label={m.conversation.transcript}
          aria-live="polite"
          aria-relevant="additions"
          onScroll={(event) => {
            const element = event.currentTarget;
            isNearBottom.current =
              element.scrollHeight - element.scrollTop - element.clientHeight < stickyPx;
            if (isNearBottom.current) setHasNewBelow(false);
          }}
        >
          <Transcript
            shown={shown}
            botName={conversation.botName}
            customerName={name}
            meId={me.id}
            now={now}
            onRetryDelivery={state.retryDelivery}
            onResend={state.resend}
            onDiscard={state.discard}
          />
          {state.isTyping ? (
            <p className="px-4 pb-3 text-muted-foreground text-xs italic" data-testid="typing">
              {m.conversation.typing}
            </p>
          ) : null}
        </div>
        {hasNewBelow ? (
          <Button
            size="sm"
            className="-translate-x-1/2 absolute bottom-3 left-1/2 shadow-md"
            onClick={() => {
              const element = scroller.current;
              if (element) element.scrollTop = element.scrollHeight;
              setHasNewBelow(false);
            }}
          >
            <ArrowDown aria-hidden="true" />
            {m.conversation.newMessages}
          </Button>
        ) : null}
      </div>
      <Composer
        key={conversation.id}
        conversation={conversation}
        composer={composer}
        cannedReplies={cannedReplies}
        onWantCanned={onWantCanned}
        onSend={state.send}
      />
    </div>
  );
}
