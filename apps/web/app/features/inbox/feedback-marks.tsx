import type { CsatDto, MessageFeedbackDto } from "@jai/contracts/analytics";
import { Smile, ThumbsDown, ThumbsUp } from "lucide-react";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { inboxMessages } from "./messages";

/** The customer's thumbs under a bot reply, with their reason on a thumbs down. */
export function ReplyFeedback({ feedback }: { feedback: MessageFeedbackDto }) {
  const m = useMessages(inboxMessages);
  const isUp = feedback.rating === "up";
  const Icon = isUp ? ThumbsUp : ThumbsDown;
  return (
    <span
      className={cn(
        "flex max-w-[85%] flex-wrap items-center justify-end gap-1 text-xs",
        isUp ? "text-green-800" : "text-destructive",
      )}
      data-testid="reply-feedback"
      data-rating={feedback.rating}
    >
      <Icon className="size-3.5" aria-hidden="true" fill="currentColor" />
      {keepThaiWords(isUp ? m.feedback.up : m.feedback.down)}
      {feedback.reason ? (
        <>
          <span className="sr-only">{m.feedback.reason}:</span>
          <q className="text-foreground">{feedback.reason}</q>
        </>
      ) : null}
    </span>
  );
}

/** The conversation's satisfaction score ("CSAT 4/5"), or that it was asked; nothing before. */
export function CsatBadge({ csat }: { csat: CsatDto | undefined }) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  if (!csat?.requestedAt) return null;
  const score =
    csat.score === null
      ? null
      : new Intl.NumberFormat(locale === "th" ? "th-TH" : "en").format(csat.score);
  const label = score === null ? m.feedback.csatAskedLabel : m.feedback.csatLabel(score);
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs",
        score === null ? "bg-muted text-muted-foreground" : "bg-amber-100 text-amber-900",
      )}
      title={label}
      data-testid="csat-badge"
    >
      <Smile className="size-3" aria-hidden="true" />
      <span aria-hidden="true">
        {score === null ? m.feedback.csatAsked : m.feedback.csat(score)}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
