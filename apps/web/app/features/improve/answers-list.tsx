import type { CuratedAnswerDto, CuratedAnswerVersionDto } from "@jai/contracts/analytics";
import { History, LoaderCircle, Pause, PenLine, Play, Plus, RotateCcw, Trash2 } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
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
import { errorText, fieldIssue, improveRequest, type SaveAnswerBody } from "./improve-api";
import { type ImproveMessages, improveMessages } from "./messages";
import { useImproveMutation } from "./use-improve-mutation";

/** The body that saves `answer` as it is, with `patch` applied. */
function bodyOf(answer: CuratedAnswerDto, patch: Partial<SaveAnswerBody> = {}): SaveAnswerBody {
  return {
    botId: answer.botId,
    question: answer.question,
    variants: answer.variants,
    answer: answer.answer,
    language: answer.language,
    mode: answer.mode,
    questionKey: answer.questionKey,
    enabled: answer.enabled,
    ...patch,
  };
}

const matches = (answer: CuratedAnswerDto, search: string) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [answer.question, answer.answer, ...answer.variants].some((text) =>
    text.toLowerCase().includes(needle),
  );
};

/**
 * The bot's curated answers: a search, a new answer, and each answer with its use (hits, last
 * hit), on / paused, edit, versions with restore, and delete.
 */
export function AnswersList({
  botId,
  answers,
  startNew,
  onChanged,
}: {
  botId: string;
  answers: CuratedAnswerDto[];
  /** Open the new answer's form at once (the dashboard linked to a question with nothing waiting). */
  startNew: boolean;
  onChanged(): void;
}) {
  const m = useMessages(improveMessages);
  const t = m.answers;
  const id = useId();
  const [search, setSearch] = useState("");
  const [isAdding, setIsAdding] = useState(startNew);
  const shown = useMemo(
    () => answers.filter((answer) => matches(answer, search)),
    [answers, search],
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 space-y-1 sm:max-w-sm">
          <Label htmlFor={`${id}-search`}>{t.search}</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        {!isAdding ? (
          <Button type="button" variant="outline" onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" />
            {t.add}
          </Button>
        ) : null}
      </div>
      {isAdding ? (
        <Card>
          <CardContent>
            <AnswerForm
              botId={botId}
              title={t.add}
              onDone={(saved) => {
                setIsAdding(false);
                if (saved) onChanged();
              }}
            />
          </CardContent>
        </Card>
      ) : null}
      {answers.length === 0 ? (
        <p className="text-muted-foreground">{keepThaiWords(t.empty)}</p>
      ) : shown.length === 0 ? (
        <p className="text-muted-foreground" role="status">
          {t.noMatch}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={t.title}>
          {shown.map((answer) => (
            <li key={answer.id}>
              <AnswerItem answer={answer} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A new answer (`answer` absent) or an edit of one. */
function AnswerForm({
  botId,
  answer,
  title,
  onDone,
}: {
  botId: string;
  answer?: CuratedAnswerDto;
  title: string;
  onDone(saved: boolean): void;
}) {
  const m = useMessages(improveMessages);
  const id = useId();
  const save = useImproveMutation();
  const [draft, setDraft] = useState<AnswerDraft>({
    question: answer?.question ?? "",
    variants: answer?.variants.join("\n") ?? "",
    answer: answer?.answer ?? "",
    language: fromLanguage(answer?.language ?? null),
    mode: answer?.mode ?? "verbatim",
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = {
      question: draft.question,
      variants: splitVariants(draft.variants),
      answer: draft.answer,
      language: toLanguage(draft.language),
      mode: draft.mode,
    };
    const result = answer
      ? await save.run("PUT", `/answers/${answer.id}`, bodyOf(answer, text))
      : await save.run("POST", "/answers", { botId, ...text, origin: "manual" });
    if (result?.ok) {
      toast.success(m.queue.saved);
      onDone(true);
    }
  };
  const errors = {
    question: fieldIssue(save.error, "question", m),
    variants: fieldIssue(save.error, "variants", m),
    answer: fieldIssue(save.error, "answer", m),
  };
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate aria-label={title}>
      <h3 className="font-semibold">{title}</h3>
      <AnswerFields id={id} draft={draft} onChange={setDraft} withQuestion errors={errors} m={m} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          disabled={save.isPending || !draft.question.trim() || !draft.answer.trim()}
        >
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? m.editor.saving : m.editor.save}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onDone(false)}>
          {m.editor.cancel}
        </Button>
      </div>
    </form>
  );
}

function AnswerItem({ answer, onChanged }: { answer: CuratedAnswerDto; onChanged(): void }) {
  const m = useMessages(improveMessages);
  const t = m.answers;
  const locale = useLocale();
  const f = improveFormats(locale);
  const id = useId();
  const change = useImproveMutation();
  const [isEditing, setIsEditing] = useState(false);
  const [versions, setVersions] = useState<CuratedAnswerVersionDto[] | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const toggle = async () => {
    const result = await change.run(
      "PUT",
      `/answers/${answer.id}`,
      bodyOf(answer, { enabled: !answer.enabled }),
    );
    if (result?.ok) {
      toast.success(answer.enabled ? t.pausedDone : t.resumedDone);
      onChanged();
    }
  };
  const showVersions = async () => {
    if (versions) return setVersions(null);
    const result = await improveRequest<CuratedAnswerVersionDto[]>(
      `/answers/${answer.id}/versions`,
      { locale },
    );
    if (result.ok) setVersions(result.data);
    else toast.error(errorText(result.error, m));
  };
  const restore = async (version: number) => {
    const result = await change.run("POST", `/answers/${answer.id}/restore/${version}`);
    if (result?.ok) {
      toast.success(t.restored);
      setVersions(null);
      onChanged();
    }
  };
  const remove = async () => {
    const result = await change.run("DELETE", `/answers/${answer.id}`);
    if (result?.ok) {
      setIsConfirming(false);
      toast.success(t.deleted);
      onChanged();
    }
  };

  const headingId = `${id}-question`;
  if (isEditing) {
    return (
      <Card>
        <CardContent>
          <AnswerForm
            botId={answer.botId}
            answer={answer}
            title={`${t.edit}: ${answer.question}`}
            onDone={(saved) => {
              setIsEditing(false);
              if (saved) onChanged();
            }}
          />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card role="article" aria-labelledby={headingId} data-testid="curated-answer">
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 break-words font-semibold">
            {answer.question}
          </h3>
          <Badge variant={answer.enabled ? "success" : "secondary"}>
            {answer.enabled ? t.on : t.paused}
          </Badge>
        </div>
        <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{answer.answer}</p>
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs">
          <li>{t.modes[answer.mode]}</li>
          <li>{answer.language ? m.queue.languages[answer.language] : t.anyLanguage}</li>
          <li>{t.origins[answer.origin]}</li>
          {answer.variants.length > 0 ? (
            <li>{t.variantsCount(f.count(answer.variants.length))}</li>
          ) : null}
          <li>{t.version(f.count(answer.version))}</li>
        </ul>
        <p className="text-sm" data-testid="curated-hits">
          {answer.hits > 0
            ? `${t.hits(f.count(answer.hits))}${answer.lastHitAt ? ` · ${t.lastHit(f.when(answer.lastHitAt))}` : ""}`
            : t.neverHit}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <PenLine aria-hidden="true" />
            {t.edit}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={toggle}
            disabled={change.isPending}
          >
            {answer.enabled ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {answer.enabled ? t.pause : t.resume}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={showVersions}
            aria-expanded={versions !== null}
            aria-controls={`${id}-versions`}
          >
            <History aria-hidden="true" />
            {versions ? t.hideVersions : t.versions}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setIsConfirming(true)}>
            <Trash2 aria-hidden="true" />
            {t.delete}
          </Button>
        </div>
        <div id={`${id}-versions`}>
          {versions ? (
            <VersionList
              question={answer.question}
              current={answer.version}
              versions={versions}
              onRestore={restore}
              isPending={change.isPending}
              m={m}
            />
          ) : null}
        </div>
      </CardContent>
      <AlertDialog
        open={isConfirming}
        onOpenChange={(open) => !change.isPending && setIsConfirming(open)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t.deleteTitle}</AlertDialogTitle>
            <AlertDialogDescription>{keepThaiWords(t.deleteText)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={change.isPending}>{m.editor.cancel}</AlertDialogCancel>
            <Button variant="destructive" onClick={remove} disabled={change.isPending}>
              {change.isPending ? t.deleting : t.delete}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function VersionList({
  question,
  current,
  versions,
  onRestore,
  isPending,
  m,
}: {
  question: string;
  current: number;
  versions: CuratedAnswerVersionDto[];
  onRestore(version: number): void;
  isPending: boolean;
  m: ImproveMessages;
}) {
  const t = m.answers;
  const f = improveFormats(useLocale());
  return (
    <section aria-label={t.versionsTitle(question)} className="space-y-2 border-t pt-3">
      <ol className="space-y-2">
        {versions.map((version) => (
          <li key={version.version} className="rounded-md border p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {t.version(f.count(version.version))}
              {version.version === current ? <Badge variant="secondary">{t.current}</Badge> : null}
              <span className="font-normal text-muted-foreground text-xs">
                {f.when(version.at)}
                {version.editedBy ? ` · ${t.editedBy(version.editedBy)}` : ""}
              </span>
            </p>
            {version.question !== question ? (
              <p className="mt-1 break-words text-muted-foreground">{version.question}</p>
            ) : null}
            <p className="mt-1 line-clamp-3 whitespace-pre-line break-words">{version.answer}</p>
            {version.version !== current ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2"
                disabled={isPending}
                onClick={() => onRestore(version.version)}
                aria-label={`${t.restore}: ${t.version(f.count(version.version))}`}
              >
                <RotateCcw aria-hidden="true" />
                {t.restore}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
