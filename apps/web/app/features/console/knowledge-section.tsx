import {
  consoleLimits,
  type KnowledgeSearchResultDto,
  type KnowledgeSourceDto,
  type KnowledgeSourceStatusId,
  knowledgeFileTypes,
} from "@jai/contracts/console";
import { personaLimits } from "@jai/contracts/persona";
import { FileText, Minus, Plus, Search, Trash2, Upload } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import {
  checkKnowledgeFile,
  fileExtensions,
  fileTypesText,
  maxFileMegabytes,
} from "./check-knowledge-file";
import { ConfirmDialog, FieldError, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";
import { useConsoleMutation } from "./use-console-mutation";

/** How often the page reloads while a source is still being processed. */
const pollIntervalMs = 2000;

/** A bot's knowledge base: its sources, forms to add more, and a retrieval test. */
export function KnowledgeSection({
  botId,
  sources,
}: {
  botId: string;
  sources: KnowledgeSourceDto[];
}) {
  const m = useMessages(consoleMessages);
  usePollWhilePending(sources.some((source) => source.status === "pending"));
  const isFull = sources.length >= consoleLimits.knowledgeSourcesPerBot;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg" id="knowledge-title">
          {m.knowledge.title}
        </CardTitle>
        <CardDescription>{m.knowledge.intro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <section aria-labelledby="knowledge-title" className="flex flex-col gap-2">
          <p className="text-muted-foreground text-sm">
            {m.knowledge.sourceCount(sources.length, consoleLimits.knowledgeSourcesPerBot)}
          </p>
          {sources.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-center text-muted-foreground text-sm">
              {m.knowledge.emptyText}
            </p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="knowledge-sources">
              {sources.map((source) => (
                <SourceRow key={source.id} botId={botId} source={source} />
              ))}
            </ul>
          )}
        </section>
        {isFull ? null : <AddKnowledge botId={botId} />}
        <TestQuestion botId={botId} />
      </CardContent>
    </Card>
  );
}

/** Reloads the page's data every few seconds while `isPending`, when the tab is visible. */
function usePollWhilePending(isPending: boolean) {
  const revalidator = useRevalidator();
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  useEffect(() => {
    if (!isPending) return;
    const timer = window.setInterval(() => {
      const current = revalidatorRef.current;
      if (document.visibilityState === "visible" && current.state === "idle") {
        void current.revalidate();
      }
    }, pollIntervalMs);
    return () => window.clearInterval(timer);
  }, [isPending]);
}

const statusClass: Record<KnowledgeSourceStatusId, string> = {
  pending:
    "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  ready: "",
  failed: "border-transparent bg-destructive text-destructive-foreground",
};

function SourceRow({ botId, source }: { botId: string; source: KnowledgeSourceDto }) {
  const m = useMessages(consoleMessages);
  const remove = useConsoleMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const failure = source.error ? m.knowledge.errors[source.error] : m.knowledge.unknownFailure;

  const onDelete = async () => {
    const result = await remove.run("DELETE", `/bots/${botId}/knowledge/${source.id}`, undefined, {
      quiet: true,
    });
    if (result?.ok) {
      setIsConfirming(false);
      toast.success(m.knowledge.deleted);
    }
  };

  return (
    <li
      className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center"
      data-testid="knowledge-source"
      data-status={source.status}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate font-medium">{source.title}</span>
          <Badge variant="outline">{m.knowledge.kinds[source.kind]}</Badge>
          <Badge
            variant={source.status === "ready" ? "success" : "secondary"}
            className={statusClass[source.status]}
            data-testid="knowledge-status"
          >
            {source.status === "pending" ? <Spinner /> : null}
            {m.knowledge.statuses[source.status]}
          </Badge>
        </div>
        <p className="mt-1 text-muted-foreground text-xs">
          {source.status === "ready" ? `${m.knowledge.chunks(source.chunkCount)} · ` : null}
          {source.fileName ? `${source.fileName} · ` : null}
          <LocalTime iso={source.createdAt} />
        </p>
        {source.status === "failed" ? (
          <p className="mt-1 text-destructive text-sm">
            {m.knowledge.failedBecause} {failure}
          </p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="self-start text-destructive sm:self-center"
        onClick={() => {
          remove.setError(null);
          setIsConfirming(true);
        }}
        aria-label={m.knowledge.deleteSource(source.title)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={m.knowledge.deleteTitle(source.title)}
        text={m.knowledge.deleteText}
        confirmLabel={m.common.delete}
        pendingLabel={m.common.deleting}
        isPending={remove.isPending}
        error={remove.error?.message}
        onConfirm={onDelete}
      />
    </li>
  );
}

function AddKnowledge({ botId }: { botId: string }) {
  const m = useMessages(consoleMessages);
  return (
    <Tabs defaultValue="text" className="flex flex-col gap-3">
      <TabsList className="self-start">
        <TabsTrigger value="text">{m.knowledge.tabs.text}</TabsTrigger>
        <TabsTrigger value="faq">{m.knowledge.tabs.faq}</TabsTrigger>
        <TabsTrigger value="file">{m.knowledge.tabs.file}</TabsTrigger>
      </TabsList>
      <TabsContent value="text">
        <AddTextForm botId={botId} />
      </TabsContent>
      <TabsContent value="faq">
        <AddFaqForm botId={botId} />
      </TabsContent>
      <TabsContent value="file">
        <UploadFileForm botId={botId} />
      </TabsContent>
    </Tabs>
  );
}

function AddTextForm({ botId }: { botId: string }) {
  const m = useMessages(consoleMessages);
  const id = useId();
  const add = useConsoleMutation();
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await add.run("POST", `/bots/${botId}/knowledge`, { kind: "text", title, text });
    if (result?.ok) {
      setTitle("");
      setText("");
      toast.success(m.knowledge.added);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>{m.knowledge.sourceTitle}</Label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={consoleLimits.knowledgeTitle}
          aria-invalid={add.fieldError("title") ? true : undefined}
          aria-describedby={add.fieldError("title") ? `${id}-title-error` : undefined}
        />
        <FieldError id={`${id}-title-error`} message={add.fieldError("title")} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-text`}>{m.knowledge.text}</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={m.knowledge.textPlaceholder}
          maxLength={consoleLimits.knowledgeText}
          rows={6}
          aria-invalid={add.fieldError("text") ? true : undefined}
          aria-describedby={`${id}-text-count${add.fieldError("text") ? ` ${id}-text-error` : ""}`}
        />
        <p id={`${id}-text-count`} className="text-muted-foreground text-xs">
          {m.common.characters(text.length, consoleLimits.knowledgeText)}
        </p>
        <FieldError id={`${id}-text-error`} message={add.fieldError("text")} />
      </div>
      <Button type="submit" className="self-start" disabled={add.isPending}>
        {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
        {add.isPending ? m.common.saving : m.knowledge.addText}
      </Button>
    </form>
  );
}

type FaqPair = { key: number; question: string; answer: string };

function AddFaqForm({ botId }: { botId: string }) {
  const m = useMessages(consoleMessages);
  const id = useId();
  const add = useConsoleMutation();
  const nextKey = useRef(1);
  const [title, setTitle] = useState("");
  const [pairs, setPairs] = useState<FaqPair[]>([{ key: 0, question: "", answer: "" }]);

  const update = (key: number, change: Partial<FaqPair>) =>
    setPairs((current) =>
      current.map((pair) => (pair.key === key ? { ...pair, ...change } : pair)),
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const faqs = pairs.map(({ question, answer }) => ({ question, answer }));
    const result = await add.run("POST", `/bots/${botId}/knowledge`, { kind: "faq", title, faqs });
    if (result?.ok) {
      setTitle("");
      setPairs([{ key: nextKey.current++, question: "", answer: "" }]);
      toast.success(m.knowledge.added);
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-title`}>{m.knowledge.sourceTitle}</Label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder={m.knowledge.faqTitlePlaceholder}
          maxLength={consoleLimits.knowledgeTitle}
          aria-invalid={add.fieldError("title") ? true : undefined}
        />
        <FieldError id={`${id}-title-error`} message={add.fieldError("title")} />
      </div>
      <ol className="flex flex-col gap-3">
        {pairs.map((pair, index) => (
          <li key={pair.key} className="flex flex-col gap-2 rounded-lg border p-3">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={`${id}-q-${pair.key}`}>{m.knowledge.question(index + 1)}</Label>
              {pairs.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setPairs((current) => current.filter((item) => item.key !== pair.key))
                  }
                  aria-label={m.knowledge.removePair(index + 1)}
                >
                  <Minus aria-hidden="true" />
                </Button>
              ) : null}
            </div>
            <Input
              id={`${id}-q-${pair.key}`}
              value={pair.question}
              onChange={(event) => update(pair.key, { question: event.target.value })}
              maxLength={personaLimits.faqQuestion}
              aria-invalid={add.fieldError(`faqs.${index}.question`) ? true : undefined}
            />
            <FieldError
              id={`${id}-q-${pair.key}-error`}
              message={add.fieldError(`faqs.${index}.question`)}
            />
            <Label htmlFor={`${id}-a-${pair.key}`}>{m.knowledge.answer(index + 1)}</Label>
            <Textarea
              id={`${id}-a-${pair.key}`}
              value={pair.answer}
              onChange={(event) => update(pair.key, { answer: event.target.value })}
              maxLength={personaLimits.faqAnswer}
              rows={2}
              aria-invalid={add.fieldError(`faqs.${index}.answer`) ? true : undefined}
            />
            <FieldError
              id={`${id}-a-${pair.key}-error`}
              message={add.fieldError(`faqs.${index}.answer`)}
            />
          </li>
        ))}
      </ol>
      <FieldError id={`${id}-faqs-error`} message={add.fieldError("faqs")} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={pairs.length >= consoleLimits.knowledgeFaqs}
          onClick={() =>
            setPairs((current) => [
              ...current,
              { key: nextKey.current++, question: "", answer: "" },
            ])
          }
        >
          <Plus aria-hidden="true" />
          {m.knowledge.addPair}
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? <Spinner /> : null}
          {add.isPending ? m.common.saving : m.knowledge.addFaqs}
        </Button>
      </div>
    </form>
  );
}

function UploadFileForm({ botId }: { botId: string }) {
  const m = useMessages(consoleMessages);
  const id = useId();
  const upload = useConsoleMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = inputRef.current?.files?.[0];
    const localProblem = checkKnowledgeFile(file, m);
    setProblem(localProblem);
    if (localProblem || !file) return;
    const body = new FormData();
    body.append("file", file);
    const result = await upload.run("POST", `/bots/${botId}/knowledge/files`, body, {
      quiet: true,
    });
    if (result?.ok) {
      if (inputRef.current) inputRef.current.value = "";
      toast.success(m.knowledge.added);
    }
  };

  const message = problem ?? upload.error?.fields?.file ?? upload.error?.message;
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-file`}>{m.knowledge.file}</Label>
        <Input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={[...fileExtensions, ...Object.values(knowledgeFileTypes)].join(",")}
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm"
          onChange={(event) => {
            upload.setError(null);
            const file = event.target.files?.[0];
            setProblem(file ? checkKnowledgeFile(file, m) : null);
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-file-hint${message ? ` ${id}-file-error` : ""}`}
        />
        <p id={`${id}-file-hint`} className="text-muted-foreground text-xs">
          {m.knowledge.fileHint(fileTypesText, maxFileMegabytes)}
        </p>
        {message ? (
          <p id={`${id}-file-error`} role="alert" className="text-destructive text-sm">
            {message}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="self-start" disabled={upload.isPending}>
        {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        {upload.isPending ? m.knowledge.uploading : m.knowledge.upload}
      </Button>
    </form>
  );
}

function TestQuestion({ botId }: { botId: string }) {
  const m = useMessages(consoleMessages);
  const id = useId();
  const search = useConsoleMutation();
  const [question, setQuestion] = useState("");
  const [result, setResult] = useState<KnowledgeSearchResultDto | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await search.run<KnowledgeSearchResultDto>(
      "POST",
      `/bots/${botId}/knowledge/search`,
      { question },
      { revalidate: false, quiet: true },
    );
    setResult(answer?.ok ? answer.data : null);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 border-t pt-6">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {m.knowledge.testTitle}
        </h3>
        <p className="text-muted-foreground text-sm">{m.knowledge.testIntro}</p>
      </div>
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-question`}>{m.knowledge.testQuestion}</Label>
          <Input
            id={`${id}-question`}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder={m.knowledge.testPlaceholder}
            maxLength={consoleLimits.knowledgeQuestion}
            aria-invalid={search.error ? true : undefined}
          />
        </div>
        <Button type="submit" disabled={search.isPending}>
          {search.isPending ? <Spinner /> : <Search aria-hidden="true" />}
          {search.isPending ? m.knowledge.testing : m.knowledge.test}
        </Button>
      </form>
      {search.error ? (
        <p role="alert" className="text-destructive text-sm">
          {search.error.fields?.question ?? search.error.message}
        </p>
      ) : null}
      {result ? (
        result.hits.length === 0 ? (
          <p role="status" className="text-muted-foreground text-sm">
            {m.knowledge.noHits}
          </p>
        ) : (
          <>
            {result.answered ? null : (
              <p
                role="status"
                className="text-muted-foreground text-sm"
                data-testid="knowledge-not-answered"
              >
                {m.knowledge.notAnswered}
              </p>
            )}
            <ol className="flex flex-col gap-2" data-testid="knowledge-hits">
              {result.hits.map((hit, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: hits are an ordered, fixed answer
                  key={index}
                  className={cn("rounded-lg border p-3", hit.used && "border-primary")}
                  data-used={hit.used}
                >
                  <div className="mb-1 flex flex-wrap items-center gap-2 text-xs">
                    <span className="font-semibold">
                      {hit.kind === "faq" ? m.knowledge.faqSource : hit.source}
                    </span>
                    <span className="text-muted-foreground">
                      {m.knowledge.hitScore(hit.score.toFixed(2))}
                    </span>
                    <span className="text-muted-foreground">
                      {m.knowledge.hitCoverage(Math.round(hit.coverage * 100))}
                    </span>
                    <Badge variant={hit.used ? "success" : "outline"}>
                      {hit.used ? m.knowledge.used : m.knowledge.notUsed}
                    </Badge>
                  </div>
                  <p className="whitespace-pre-wrap break-words text-sm">{hit.text}</p>
                </li>
              ))}
            </ol>
          </>
        )
      ) : null}
    </section>
  );
}
