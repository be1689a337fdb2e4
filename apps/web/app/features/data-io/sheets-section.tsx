import {
  type SheetSyncDto,
  type SheetSyncKindId,
  type SheetsSettingsDto,
  sheetSyncKinds,
} from "@jai/contracts/analytics";
import { Copy, ExternalLink, Link2, LoaderCircle, RefreshCw, Trash2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
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
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/components/ui/toaster";
import { useLocale } from "~/i18n/use-locale";
import { type ApiRequestError, apiRequest } from "~/lib/api-request";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { Field } from "./field";
import type { DataMessages } from "./messages";
import { Section } from "./section";

type Remote =
  | { status: "loading" }
  | { status: "failed"; text: string }
  | { status: "ready"; settings: SheetsSettingsDto };

/** The words for a link's last failure, in the page's language. */
export function syncErrorText(
  sync: SheetSyncDto,
  t: DataMessages["sheets"],
  email: string | null,
  time: (iso: string) => string,
): string | null {
  const errors = t.errors;
  switch (sync.lastErrorCode) {
    case null:
      return null;
    case "forbidden":
      return errors.forbidden(email ?? "");
    case "tab_not_found":
      return errors.tab_not_found(sync.sheetName);
    case "rate_limited":
      return errors.rate_limited(time(sync.nextRunAt));
    case "unavailable":
      return errors.unavailable(time(sync.nextRunAt));
    case "invalid_rows":
      return errors.invalid_rows(sync.lastErrorRows.join(", "));
    default:
      return errors[sync.lastErrorCode];
  }
}

/**
 * Google Sheets: the service account to share sheets with (copied in one click), a form to link a
 * sheet to a bot (FAQs read from it, or conversations / leads added to it), and the links with
 * how each last ran, the problem in words, "sync now" and "remove". Without the server's
 * settings it says so and offers nothing to fill in.
 */
export function SheetsSection({
  m,
  bots,
}: {
  m: DataMessages;
  bots: { id: string; name: string }[];
}) {
  const id = useId();
  const locale = useLocale();
  const t = m.sheets;
  const [remote, setRemote] = useState<Remote>({ status: "loading" });
  const [botId, setBotId] = useState(bots[0]?.id ?? "");
  const [kind, setKind] = useState<SheetSyncKindId>("faqs");
  const [spreadsheet, setSpreadsheet] = useState("");
  const [sheetName, setSheetName] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SheetSyncDto | null>(null);
  const dates = new Intl.DateTimeFormat(locale === "th" ? "th-TH" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const times = new Intl.DateTimeFormat(locale === "th" ? "th-TH" : "en-GB", {
    timeStyle: "short",
  });
  const when = (iso: string) => dates.format(new Date(iso));
  const at = (iso: string) => times.format(new Date(iso));

  const failureText = useCallback(
    (error: ApiRequestError) =>
      error.code === "NETWORK" ? m.networkError : error.message || m.unknownError,
    [m],
  );
  const load = useCallback(async () => {
    const result = await apiRequest<SheetsSettingsDto>("/api/console/data/sheets", { locale });
    setRemote(
      result.ok
        ? { status: "ready", settings: result.data }
        : { status: "failed", text: failureText(result.error) },
    );
  }, [locale, failureText]);
  useEffect(() => {
    void load();
  }, [load]);

  const syncNow = async (sync: SheetSyncDto) => {
    setBusy(sync.id);
    const result = await apiRequest<SheetSyncDto>(`/api/console/data/sheets/${sync.id}/sync`, {
      method: "POST",
      locale,
    });
    setBusy(null);
    if (!result.ok) {
      toast.error(result.error.fields?.sync === "running" ? t.running : failureText(result.error));
    }
    await load();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setBusy("form");
    const result = await apiRequest<SheetSyncDto>("/api/console/data/sheets", {
      method: "POST",
      body: { botId, kind, spreadsheet, sheetName: sheetName.trim() },
      locale,
    });
    if (!result.ok) {
      setBusy(null);
      if (result.error.fields?.spreadsheet) return setFieldError(t.spreadsheetInvalid);
      return toast.error(failureText(result.error));
    }
    toast.success(t.saved);
    setSpreadsheet("");
    await syncNow(result.data);
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(removing.id);
    const result = await apiRequest(`/api/console/data/sheets/${removing.id}`, {
      method: "DELETE",
      locale,
    });
    setBusy(null);
    setRemoving(null);
    if (!result.ok) toast.error(failureText(result.error));
    await load();
  };

  const copy = async (email: string) => {
    try {
      await navigator.clipboard.writeText(email);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };

  if (remote.status === "loading") {
    return (
      <Section id="sheets" title={t.title} intro={t.intro}>
        <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          {m.loading}
        </p>
      </Section>
    );
  }
  if (remote.status === "failed") {
    return (
      <Section id="sheets" title={t.title} intro={t.intro}>
        <p role="alert" className="text-destructive text-sm">
          {remote.text}
        </p>
      </Section>
    );
  }
  const { serviceAccountEmail: email, syncs } = remote.settings;
  const botName = (botId: string) => bots.find((bot) => bot.id === botId)?.name ?? botId;

  return (
    <Section id="sheets" title={t.title} intro={t.intro}>
      {email ? (
        <div className="space-y-2 rounded-md border bg-muted/40 p-3">
          <p className="font-medium text-sm">{keepThaiWords(t.shareWith)}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 break-all rounded bg-background px-2 py-1 text-sm"
              data-testid="service-account"
            >
              {email}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => copy(email)}>
              <Copy aria-hidden="true" />
              {t.copy}
            </Button>
          </div>
          <p className="text-muted-foreground text-sm">{keepThaiWords(t.shareHow)}</p>
        </div>
      ) : (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
          data-testid="sheets-not-configured"
        >
          {keepThaiWords(t.notConfigured)}
        </p>
      )}

      {email && bots.length > 0 ? (
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={save} aria-label={t.form} noValidate>
          <h3 className="font-semibold sm:col-span-2">{keepThaiWords(t.form)}</h3>
          <Field id={`${id}-bot`} label={m.bot}>
            <NativeSelect
              id={`${id}-bot`}
              value={botId}
              onChange={(event) => setBotId(event.target.value)}
            >
              {bots.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {bot.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <fieldset className="space-y-2">
            <legend className="font-medium text-sm">{t.kind}</legend>
            {sheetSyncKinds.map((option) => (
              <label key={option} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={option}
                  className="mt-0.5 size-4 shrink-0"
                  checked={kind === option}
                  onChange={() => setKind(option)}
                />
                {keepThaiWords(t.kinds[option])}
              </label>
            ))}
          </fieldset>
          <Field id={`${id}-spreadsheet`} label={t.spreadsheet} hint={t.spreadsheetHint}>
            <Input
              id={`${id}-spreadsheet`}
              value={spreadsheet}
              inputMode="url"
              required
              maxLength={300}
              onChange={(event) => setSpreadsheet(event.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-spreadsheet-hint${fieldError ? ` ${id}-spreadsheet-error` : ""}`}
            />
            {fieldError ? (
              <p id={`${id}-spreadsheet-error`} className="text-destructive text-sm">
                {fieldError}
              </p>
            ) : null}
          </Field>
          <Field id={`${id}-tab`} label={t.sheetName} hint={t.sheetNameHint}>
            <Input
              id={`${id}-tab`}
              value={sheetName}
              required
              maxLength={100}
              onChange={(event) => setSheetName(event.target.value)}
              aria-describedby={`${id}-tab-hint`}
            />
          </Field>
          <p className="text-muted-foreground text-sm sm:col-span-2">
            {keepThaiWords(kind === "faqs" ? t.faqsNote : t.replaces)}
          </p>
          <div className="sm:col-span-2">
            <Button
              type="submit"
              disabled={busy !== null || spreadsheet.trim().length < 10 || !sheetName.trim()}
            >
              {busy === "form" ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Link2 aria-hidden="true" />
              )}
              {busy === "form" ? t.saving : t.save}
            </Button>
          </div>
        </form>
      ) : null}

      <div className="space-y-3">
        <h3 className="font-semibold">{keepThaiWords(t.linked)}</h3>
        {syncs.length === 0 ? (
          <p className="text-muted-foreground text-sm">{keepThaiWords(t.none)}</p>
        ) : (
          <ul className="space-y-3" data-testid="sheet-syncs">
            {syncs.map((sync) => {
              const problem = syncErrorText(sync, t, email, at);
              return (
                <li key={sync.id} className="space-y-2 rounded-md border p-3 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium">
                        {botName(sync.botId)} · {keepThaiWords(t.kindsShort[sync.kind])}
                      </p>
                      <p className="text-muted-foreground">
                        <a
                          href={`https://docs.google.com/spreadsheets/d/${sync.spreadsheetId}/edit`}
                          target="_blank"
                          rel="noreferrer noopener"
                          className="inline-flex items-center gap-1 underline underline-offset-4"
                        >
                          {t.open}
                          <ExternalLink className="size-3.5" aria-hidden="true" />
                        </a>{" "}
                        · {t.tab}: {sync.sheetName}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={busy !== null || !email}
                        onClick={() => syncNow(sync)}
                      >
                        <RefreshCw
                          className={busy === sync.id ? "animate-spin" : undefined}
                          aria-hidden="true"
                        />
                        {busy === sync.id ? t.syncing : t.syncNow}
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={busy !== null}
                        onClick={() => setRemoving(sync)}
                      >
                        <Trash2 aria-hidden="true" />
                        {t.remove}
                      </Button>
                    </div>
                  </div>
                  <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                    <dt className="text-muted-foreground">{t.lastRun}</dt>
                    <dd>{sync.lastRunAt ? when(sync.lastRunAt) : t.never}</dd>
                    <dt className="text-muted-foreground">{t.nextRun}</dt>
                    <dd>{when(sync.nextRunAt)}</dd>
                  </dl>
                  {problem ? (
                    <p
                      className="rounded-md bg-destructive/10 p-2 text-destructive"
                      data-testid="sync-error"
                    >
                      {keepThaiWords(problem)}
                    </p>
                  ) : sync.lastRunAt ? (
                    <p className="text-success">{t.upToDate}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t.removeTitle}</AlertDialogTitle>
            <AlertDialogDescription>{keepThaiWords(t.removeText)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy !== null}>{m.cancel}</AlertDialogCancel>
            <Button variant="destructive" onClick={remove} disabled={busy !== null}>
              {busy !== null ? t.removing : t.remove}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Section>
  );
}
