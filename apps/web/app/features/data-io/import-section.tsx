import {
  analyticsLimits,
  type ImportPreviewDto,
  type ImportTarget,
  importTargets,
} from "@jai/contracts/analytics";
import { FileCheck, LoaderCircle, Upload } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useLocale } from "~/i18n/use-locale";
import { apiRequest } from "~/lib/api-request";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { Field } from "./field";
import type { DataMessages, FileIssue } from "./messages";
import { Section } from "./section";

/** Rows shown in the preview table (problems are all listed above it). */
const shownRows = 200;
const fileIssues = new Set<string>(["missing", "empty", "type", "xls", "tooLarge", "corrupt"]);

type Status =
  | { kind: "idle" }
  | { kind: "busy"; what: "checking" | "importing" }
  | { kind: "error"; text: string }
  | { kind: "done"; text: string };

/**
 * Import: a bot, where the rows go (its FAQs or its curated answers) and a CSV or Excel file.
 * "Check the file" asks the server for a preview (nothing written): the rows, and every problem
 * in words with its row; "Import" appears once there is none, and writes all or nothing.
 */
export function ImportSection({
  m,
  bots,
}: {
  m: DataMessages;
  bots: { id: string; name: string }[];
}) {
  const id = useId();
  const locale = useLocale();
  const t = m.import;
  const numbers = new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-US");
  const n = (value: number) => numbers.format(value);
  const [botId, setBotId] = useState(bots[0]?.id ?? "");
  const [target, setTarget] = useState<ImportTarget>("faqs");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const isBusy = status.kind === "busy";

  const reset = () => {
    setPreview(null);
    setStatus({ kind: "idle" });
  };
  const describeFailure = (error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  }) => {
    const issue = error.fields?.file;
    if (issue && fileIssues.has(issue)) return t.fileIssues[issue as FileIssue];
    if (error.code === "PAYLOAD_TOO_LARGE") return t.fileIssues.size;
    if (error.code === "NETWORK") return m.networkError;
    return error.message || m.unknownError;
  };
  const send = async <T,>(path: string) => {
    const body = new FormData();
    body.set("file", file as File);
    body.set("botId", botId);
    body.set("target", target);
    return apiRequest<T>(`/api/console/data/${path}`, { method: "POST", body, locale });
  };

  const check = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!file) return setStatus({ kind: "error", text: t.fileIssues.missing });
    if (file.size > analyticsLimits.importBytes) {
      return setStatus({ kind: "error", text: t.fileIssues.size });
    }
    setStatus({ kind: "busy", what: "checking" });
    setPreview(null);
    const result = await send<ImportPreviewDto>("import/preview");
    if (!result.ok) return setStatus({ kind: "error", text: describeFailure(result.error) });
    setPreview(result.data);
    setStatus({ kind: "idle" });
  };

  const runImport = async () => {
    if (!file || !preview || preview.errors.length > 0) return;
    setStatus({ kind: "busy", what: "importing" });
    const result = await send<ImportPreviewDto>("import");
    if (result.ok) {
      setPreview(result.data);
      return setStatus({
        kind: "done",
        text: t.done(n(result.data.added), n(result.data.replaced)),
      });
    }
    if (result.error.fields?.rows === "invalid") {
      // The bot's questions changed since the check: show what the file would do now.
      const again = await send<ImportPreviewDto>("import/preview");
      if (again.ok) setPreview(again.data);
      return setStatus({ kind: "error", text: t.changed });
    }
    setStatus({ kind: "error", text: describeFailure(result.error) });
  };

  const errorsByRow = new Map<number, string[]>();
  for (const error of preview?.errors ?? []) {
    const texts = errorsByRow.get(error.row) ?? [];
    texts.push(t.problem(error, n(error.row)));
    errorsByRow.set(error.row, texts);
  }
  const canImport = preview !== null && preview.errors.length === 0 && !preview.imported;

  return (
    <Section id="import" title={t.title} intro={t.intro}>
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={check} aria-label={t.title} noValidate>
        <Field id={`${id}-bot`} label={m.bot}>
          <NativeSelect
            id={`${id}-bot`}
            value={botId}
            onChange={(event) => {
              setBotId(event.target.value);
              reset();
            }}
          >
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <fieldset className="space-y-2">
          <legend className="font-medium text-sm">{t.target}</legend>
          {importTargets.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-target`}
                value={option}
                className="mt-0.5 size-4 shrink-0"
                checked={target === option}
                onChange={() => {
                  setTarget(option);
                  reset();
                }}
              />
              <span>
                {t.targets[option]}
                <span className="block text-muted-foreground text-xs">
                  {keepThaiWords(t.targetHints[option])}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <Field id={`${id}-file`} label={t.file} hint={t.fileHint}>
            <Input
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={`${id}-file-hint`}
              className="h-auto py-1.5"
              data-testid="import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                reset();
              }}
            />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="outline" disabled={isBusy || !botId}>
            {status.kind === "busy" && status.what === "checking" ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <FileCheck aria-hidden="true" />
            )}
            {status.kind === "busy" && status.what === "checking" ? t.checking : t.check}
          </Button>
          {canImport ? (
            <Button
              type="button"
              onClick={runImport}
              disabled={isBusy}
              data-testid="import-confirm"
            >
              {status.kind === "busy" && status.what === "importing" ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Upload aria-hidden="true" />
              )}
              {status.kind === "busy" && status.what === "importing" ? t.importing : t.confirm}
            </Button>
          ) : null}
        </div>
      </form>

      <div aria-live="polite" className="space-y-3">
        {status.kind === "error" ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
            {keepThaiWords(status.text)}
          </p>
        ) : null}
        {status.kind === "done" ? (
          <p
            role="status"
            className="rounded-md bg-success/10 p-3 text-sm text-success"
            data-testid="import-done"
          >
            {keepThaiWords(status.text)}
          </p>
        ) : null}
        {preview ? (
          <p className="text-sm" data-testid="import-summary">
            {keepThaiWords(
              t.summary(n(preview.rows.length), n(preview.added), n(preview.replaced)),
            )}
          </p>
        ) : null}
        {preview && preview.errors.length > 0 ? (
          <div
            className="space-y-2 rounded-md border border-destructive/40 p-3"
            data-testid="import-problems"
          >
            <p className="font-medium text-destructive text-sm">
              {keepThaiWords(t.problems(n(preview.errors.length)))}
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {preview.errors.map((error) => (
                <li key={`${error.row}-${error.column}-${error.code}`}>
                  {keepThaiWords(t.problem(error, n(error.row)))}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {preview && preview.errors.length === 0 && !preview.imported ? (
          <p className="text-sm text-success">{t.noProblems}</p>
        ) : null}
      </div>

      {preview && preview.rows.length > 0 ? (
        <div className="max-h-96 overflow-auto rounded-md border">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="import-rows">
            <caption className="sr-only">{t.table}</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.columns.row}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.columns.question}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.columns.answer}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.columns.language}
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.slice(0, shownRows).map((row) => {
                const problems = errorsByRow.get(row.row);
                return (
                  <tr
                    key={row.row}
                    className={problems ? "bg-destructive/5" : "border-t"}
                    aria-invalid={problems ? true : undefined}
                  >
                    <th scope="row" className="px-3 py-2 align-top font-normal tabular-nums">
                      {n(row.row)}
                    </th>
                    <td className="px-3 py-2 align-top">
                      {row.question}
                      {problems ? (
                        <span className="mt-1 block text-destructive text-xs">
                          {problems.join(" ")}
                        </span>
                      ) : null}
                    </td>
                    <td className="whitespace-pre-line px-3 py-2 align-top">{row.answer}</td>
                    <td className="px-3 py-2 align-top">
                      {row.language ? t.languages[row.language] : t.languages.any}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {preview.rows.length > shownRows ? (
            <p className="border-t px-3 py-2 text-muted-foreground text-xs">
              {t.shownRows(n(shownRows), n(preview.rows.length))}
            </p>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
