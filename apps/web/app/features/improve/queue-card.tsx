import type { ImprovementGroupDto, ImprovementSignal } from "@jai/contracts/analytics";
import { improvementSignals } from "@jai/contracts/analytics";
import { Check, LoaderCircle, PenLine, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import {
  type AnswerDraft,
  AnswerFields,
  fromLanguage,
  splitVariants,
  toLanguage,
} from "./answer-fields";
import { improveFormats } from "./format";
import { fieldIssue, type SaveAnswerBody } from "./improve-api";
import { improveMessages } from "./messages";
import { useImproveMutation } from "./use-improve-mutation";

const signalStyle: Record<ImprovementSignal, string> = {
  unanswered: "border-amber-300 bg-amber-50 text-amber-900",
  thumbs_down: "border-red-300 bg-red-50 text-red-900",
  handoff: "border-sky-300 bg-sky-50 text-sky-900",
};

/**
 * One group of the queue: the question, how customers asked it, its signals, a suggested answer
 * and the answer editor. Saved, it becomes a curated answer of the bot and leaves the queue;
 * dismissed, it leaves until customers ask it again. `focus`: the dashboard linked to it (its
 * editor opens and it is scrolled to).
 */
export function QueueCard({
  group,
  focus,
  onDone,
}: {
  group: ImprovementGroupDto;
  focus: boolean;
  onDone(): void;
}) {
  const m = useMessages(improveMessages);
  const t = m.queue;
  const f = improveFormats(useLocale());
  const id = useId();
  const save = useImproveMutation();
  const dismiss = useImproveMutation();
  const [isOpen, setIsOpen] = useState(focus);
  const [origin, setOrigin] = useState<SaveAnswerBody["origin"]>("manual");
  const [draft, setDraft] = useState<AnswerDraft>({
    question: group.question,
    variants: "",
    answer: "",
    language: fromLanguage(group.examples[0]?.language ?? null),
    mode: "verbatim",
  });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus();
  }, [focus]);

  const takeSuggestion = () => {
    if (!group.suggestion) return;
    setDraft((current) => ({ ...current, answer: group.suggestion!.answer }));
    setOrigin(group.suggestion.from);
    setIsOpen(true);
  };
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const body: SaveAnswerBody = {
      botId: group.botId,
      question: group.question,
      // How customers asked it: each wording matches from now on.
      variants: splitVariants(
        group.examples
          .slice(1)
          .map((example) => example.text)
          .join("\n"),
      ),
      answer: draft.answer,
      language: toLanguage(draft.language),
      mode: draft.mode,
      questionKey: group.key,
      origin:
        origin !== "manual" && draft.answer.trim() === group.suggestion?.answer.trim()
          ? origin
          : "manual",
    };
    const result = await save.run("POST", "/answers", body);
    if (result?.ok) {
      toast.success(t.saved);
      onDone();
    }
  };
  const onDismiss = async () => {
    const result = await dismiss.run("POST", "/dismiss", { botId: group.botId, key: group.key });
    if (result?.ok) {
      toast.success(t.dismissed);
      onDone();
    }
  };

  const headingId = `${id}-question`;
  return (
    <Card
      aria-labelledby={headingId}
      role="article"
      className={focus ? "ring-2 ring-primary" : undefined}
      data-testid="improvement-group"
    >
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="break-words font-semibold text-lg outline-none"
          >
            {group.question}
          </h3>
          <ul className="flex flex-wrap gap-2">
            {improvementSignals
              .filter((signal) => group.counts[signal] > 0)
              .map((signal) => (
                <li key={signal}>
                  <Badge variant="outline" className={signalStyle[signal]}>
                    {t.signals[signal](f.count(group.counts[signal]))}
                  </Badge>
                </li>
              ))}
          </ul>
          <p className="text-muted-foreground text-sm">
            {t.asked(f.count(group.total))} · {t.lastAt(f.when(group.lastAt))}
          </p>
        </div>

        {group.examples.length > 0 ? (
          <div>
            <h4 className="font-medium text-sm">{t.examples}</h4>
            <ul className="mt-1 space-y-1 text-sm">
              {group.examples.map((example) => (
                <li key={example.text} className="flex flex-wrap items-baseline gap-2">
                  <span className="break-words">“{example.text}”</span>
                  {example.language && t.languages[example.language] ? (
                    <span className="text-muted-foreground text-xs">
                      {t.languages[example.language]}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {group.suggestion ? (
          <div className="space-y-2 rounded-md border bg-muted/40 p-3 text-sm">
            <p className="font-medium">{keepThaiWords(t.suggestion[group.suggestion.from])}</p>
            {group.suggestion.title ? (
              <p className="break-words text-muted-foreground text-xs">
                {t.from(group.suggestion.title)}
              </p>
            ) : null}
            <p className="whitespace-pre-line break-words">{group.suggestion.answer}</p>
            <Button type="button" variant="outline" size="sm" onClick={takeSuggestion}>
              <Check aria-hidden="true" />
              {t.useSuggestion}
            </Button>
          </div>
        ) : null}

        {isOpen ? (
          <form className="space-y-4" onSubmit={onSave} noValidate aria-label={t.write}>
            <AnswerFields
              id={id}
              draft={draft}
              onChange={setDraft}
              withQuestion={false}
              errors={{ answer: fieldIssue(save.error, "answer", m) }}
              m={m}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending || !draft.answer.trim()}>
                {save.isPending ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Check aria-hidden="true" />
                )}
                {save.isPending ? m.editor.saving : m.editor.save}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setIsOpen(false)}>
                {m.editor.cancel}
              </Button>
            </div>
          </form>
        ) : null}

        <div className="flex flex-wrap gap-2">
          {!isOpen ? (
            <Button type="button" onClick={() => setIsOpen(true)}>
              <PenLine aria-hidden="true" />
              {t.write}
            </Button>
          ) : null}
          <Button
            type="button"
            variant="outline"
            onClick={onDismiss}
            disabled={dismiss.isPending}
            aria-label={`${t.dismiss}: ${group.question}`}
          >
            <X aria-hidden="true" />
            {t.dismiss}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
