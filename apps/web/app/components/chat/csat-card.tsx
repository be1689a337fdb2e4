import { useId, useState } from "react";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { useChatMessages } from "./chat-context";

/** A score's face (1 very unhappy … 5 very happy), as the chat apps' buttons show it too. */
const faces = ["😞", "🙁", "😐", "🙂", "😄"] as const;

/**
 * The satisfaction question (CSAT) in the chat, once the team or the idle sweep asked it: five
 * labelled buttons, 1 to 5, each with its face and its words for screen readers ("4 – Happy").
 * A press answers at once; then the card thanks the customer (and says so if it failed).
 */
export function CsatCard({
  score,
  onAnswer,
}: {
  /** The customer's score once answered (this visit); null: waiting for it. */
  score: number | null;
  onAnswer(score: number): Promise<boolean>;
}) {
  const m = useChatMessages();
  const [status, setStatus] = useState<"idle" | "sending" | "failed">("idle");
  const headingId = useId();
  if (score !== null) {
    return (
      <li className="flex justify-center" data-testid="csat-card">
        <p
          className="rounded-xl border bg-muted/60 px-4 py-2 text-center text-sm"
          role="status"
          data-testid="csat-thanks"
        >
          {keepThaiWords(m.csat.thanks(score))}
        </p>
      </li>
    );
  }
  return (
    <li className="flex justify-center" data-testid="csat-card">
      <section
        aria-labelledby={headingId}
        className="w-full max-w-sm rounded-xl border bg-brand-soft/40 px-4 py-3 text-center"
      >
        <h2 id={headingId} className="font-medium text-sm">
          {keepThaiWords(m.csat.title)}
        </h2>
        <p className="mt-0.5 text-muted-foreground text-xs">{keepThaiWords(m.csat.hint)}</p>
        <div className="mt-2 flex justify-center gap-1.5">
          {faces.map((face, index) => {
            const value = index + 1;
            const label = m.csat.score(String(value), m.csat.scores[index]!);
            return (
              <button
                key={value}
                type="button"
                aria-label={label}
                title={label}
                disabled={status === "sending"}
                data-testid={`csat-${value}`}
                className="flex min-h-11 min-w-11 flex-col items-center justify-center rounded-lg border bg-background px-1.5 py-1 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
                onClick={async () => {
                  setStatus("sending");
                  setStatus((await onAnswer(value)) ? "idle" : "failed");
                }}
              >
                <span aria-hidden="true" className="text-lg leading-none">
                  {face}
                </span>
                <span aria-hidden="true" className="text-muted-foreground text-xs">
                  {value}
                </span>
              </button>
            );
          })}
        </div>
        <p className="mt-1 min-h-4 text-destructive text-xs" role="status">
          {status === "failed" ? m.csat.failed : ""}
        </p>
      </section>
    </li>
  );
}
