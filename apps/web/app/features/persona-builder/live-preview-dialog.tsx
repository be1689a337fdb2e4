import type { Persona } from "@jai/contracts/persona";
import { RotateCcw, Send } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import type { Locale } from "~/i18n/locale";
import { cn } from "~/lib/cn";
import type { PersonaBuilderMessages } from "./messages";
import { PersonaApiError, type PreviewMessage, streamPersonaPreview } from "./persona-api";
import { languageLabel, roleLabel, toneLabel } from "./persona-labels";
import { PersonaSummary } from "./persona-summary";
import { getQuickQuestions } from "./quick-questions";

/** Messages of history sent with each preview message (the seed's 10). */
const historyLimit = 10;
/** The engine's limit on one message. */
const messageMaxChars = 4000;

type ChatEntry = PreviewMessage & {
  id: number;
  isFailure?: boolean;
  /** Shown under the reply: why it stopped early. */
  note?: string;
};

/**
 * The live preview: a chat with the unsaved draft, answered by the real engine (the local
 * provider on the draft's FAQs and knowledge base), streamed. Nothing is stored.
 */
export function LivePreviewDialog({
  open,
  onOpenChange,
  persona,
  locale,
  m,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  persona: Persona;
  locale: Locale;
  m: PersonaBuilderMessages;
}) {
  const greeting = persona.welcomeMessage.trim() || m.preview.greeting;
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [input, setInput] = useState("");
  const [isPending, setPending] = useState(false);
  const nextId = useRef(1);
  const abort = useRef<AbortController | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const quickQuestions = useMemo(() => getQuickQuestions(persona.faqs), [persona.faqs]);

  const restart = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setPending(false);
    setInput("");
    setEntries([{ id: nextId.current++, role: "assistant", content: greeting }]);
  }, [greeting]);

  // Each opening starts a new chat with the greeting; closing stops a reply in progress.
  useEffect(() => {
    if (open) restart();
    else abort.current?.abort();
  }, [open, restart]);
  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    const log = logRef.current;
    if (log && entries.length > 0) log.scrollTop = log.scrollHeight;
  }, [entries]);

  async function send(text: string) {
    const message = text.trim();
    if (!message || isPending) return;
    const history = entries
      .filter((entry) => !entry.isFailure && entry.content !== "")
      .slice(-historyLimit)
      .map(({ role, content }) => ({ role, content }));
    const replyId = nextId.current + 1;
    setEntries((current) => [
      ...current,
      { id: nextId.current, role: "user", content: message },
      { id: replyId, role: "assistant", content: "" },
    ]);
    nextId.current += 2;
    setInput("");
    setPending(true);
    const controller = new AbortController();
    abort.current = controller;
    const setReply = (update: (entry: ChatEntry) => ChatEntry) =>
      setEntries((current) =>
        current.map((entry) => (entry.id === replyId ? update(entry) : entry)),
      );
    try {
      for await (const event of streamPersonaPreview(
        { persona, history, message },
        locale,
        controller.signal,
      )) {
        if (event.event === "token") {
          const { text: token } = event.data;
          setReply((entry) => ({ ...entry, content: entry.content + token }));
        } else if (event.event === "error") {
          setReply((entry) => ({ ...entry, content: m.preview.failure, isFailure: true }));
        } else if (event.data.reason === "server_restart") {
          setReply((entry) => ({ ...entry, note: m.preview.serverRestarted }));
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      // Too many messages: the server's own (localized) words say when to try again.
      const content =
        error instanceof PersonaApiError && error.status === 429
          ? error.message
          : m.preview.failure;
      setReply((entry) => ({ ...entry, content, isFailure: true }));
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setPending(false);
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(input);
  }

  const last = entries.at(-1);
  const isTyping = isPending && last?.role === "assistant" && last.content === "";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={m.closeLabel}
        className="max-w-4xl gap-0 p-0 sm:max-h-[min(44rem,calc(100dvh-2rem))]"
      >
        <div className="grid min-h-0 md:grid-cols-[16rem_1fr]">
          <aside className="border-b bg-muted/40 p-4 md:border-r md:border-b-0 md:p-5">
            <DialogTitle className="mb-1 pr-8">{m.preview.title}</DialogTitle>
            <DialogDescription className="mb-4">{m.preview.description}</DialogDescription>
            {/* On a phone the chat comes first; the persona's details show from tablet width. */}
            <div className="hidden md:block">
              <PersonaSummary persona={persona} m={m} isCompact />
            </div>
          </aside>
          <section className="flex min-h-0 flex-col" aria-label={m.preview.title}>
            <header className="flex items-center gap-3 border-b px-4 py-3">
              <PersonaAvatar avatar={persona.avatar} name={persona.name} size="sm" decorative />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{persona.name.trim() || m.draft.untitled}</p>
                <p className="truncate text-muted-foreground text-xs md:hidden">
                  {[
                    roleLabel(persona.role.trim(), m),
                    toneLabel(persona.tone, m),
                    languageLabel(persona.language, m),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <p className="flex items-center gap-1.5 text-success text-xs">
                  <span className="size-2 rounded-full bg-success" aria-hidden="true" />
                  {m.preview.online}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="mr-8"
                aria-label={m.preview.restart}
                onClick={restart}
              >
                <RotateCcw aria-hidden="true" />
              </Button>
            </header>
            <div
              ref={logRef}
              role="log"
              aria-live="polite"
              aria-label={m.preview.title}
              className="flex h-[45dvh] flex-col gap-3 overflow-y-auto p-4 md:h-96"
            >
              {entries.map((entry) =>
                entry.role === "assistant" && entry.content === "" && !entry.note ? null : (
                  <div
                    key={entry.id}
                    data-role={entry.role}
                    className={cn(
                      "max-w-[80%] whitespace-pre-line break-words rounded-2xl px-4 py-2 text-sm",
                      entry.role === "user"
                        ? "self-end rounded-br-sm bg-primary text-primary-foreground"
                        : "self-start rounded-bl-sm bg-muted",
                      entry.isFailure && "border border-destructive/40 text-destructive",
                    )}
                  >
                    {entry.content}
                    {entry.note ? (
                      <p className="mt-1 text-muted-foreground text-xs italic">{entry.note}</p>
                    ) : null}
                  </div>
                ),
              )}
              {isTyping ? (
                <p className="self-start text-muted-foreground text-sm italic" role="status">
                  {m.preview.typing}
                </p>
              ) : null}
            </div>
            {quickQuestions.length > 0 ? (
              <div className="border-t px-4 pt-3">
                <p className="mb-2 font-medium text-muted-foreground text-xs">
                  {m.preview.quickQuestions}
                </p>
                <ul className="flex flex-wrap gap-2">
                  {quickQuestions.map(({ question, label }) => (
                    <li key={question}>
                      <Button
                        variant="outline"
                        size="sm"
                        className="h-auto max-w-full whitespace-normal py-1.5 text-left"
                        title={question}
                        disabled={isPending}
                        onClick={() => void send(question)}
                      >
                        {label}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <form onSubmit={onSubmit} className="flex gap-2 p-4">
              <label htmlFor={inputId} className="sr-only">
                {m.preview.inputLabel}
              </label>
              <Input
                id={inputId}
                value={input}
                maxLength={messageMaxChars}
                placeholder={m.preview.placeholder}
                autoComplete="off"
                onChange={(event) => setInput(event.target.value)}
              />
              <Button type="submit" disabled={isPending || input.trim() === ""}>
                <Send aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{m.preview.send}</span>
              </Button>
            </form>
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
