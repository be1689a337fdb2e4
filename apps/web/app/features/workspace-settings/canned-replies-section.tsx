import { type CannedReplyDto, inboxLimits } from "@jai/contracts/inbox";
import { LoaderCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
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
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import type { ApiRequestError } from "~/lib/api-request";
import { apiRequest } from "~/lib/api-request";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { useApiMutation } from "~/lib/use-api-mutation";
import { type WorkspaceSettingsMessages, workspaceSettingsMessages } from "./messages";

const cannedApi = "/api/console/inbox/canned-replies";

/** A canned reply's field codes from the API (or the limit), in words, by field. */
function describeCannedError(
  error: ApiRequestError | null,
  m: WorkspaceSettingsMessages,
): { shortcut?: string; body?: string; form?: string } {
  if (!error) return {};
  if (error.code === "PLAN_LIMIT_REACHED") return { form: m.canned.limit };
  const word = (code: string | undefined, field: "shortcut" | "body") => {
    if (!code) return undefined;
    if (code === "taken") return m.issues.taken;
    if (code === "missing") return m.issues.missing;
    if (code === "tooLong") return m.issues.tooLong;
    return field === "shortcut" ? m.issues.shortcut : m.issues.invalid;
  };
  const shortcut = word(error.fields?.shortcut, "shortcut");
  const body = word(error.fields?.body, "body");
  return shortcut || body ? { shortcut, body } : { form: error.message };
}

/**
 * The team's canned replies (the inbox inserts them with "/"): listed, added, edited and deleted
 * through the inbox's API. Loaded after the page shows, so the rest of the settings never waits.
 */
export function CannedRepliesSection() {
  const m = useMessages(workspaceSettingsMessages);
  const locale = useLocale();
  const [replies, setReplies] = useState<CannedReplyDto[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    const result = await apiRequest<CannedReplyDto[]>(cannedApi, { locale });
    if (result.ok) setReplies(result.data);
    else setFailed(true);
  }, [locale]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-lg leading-tight">{m.canned.title}</h2>
        <CardDescription>{keepThaiWords(m.canned.intro)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {replies === null ? (
          failed ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-destructive text-sm">{m.canned.loadFailed}</p>
              <Button variant="outline" size="sm" onClick={() => void load()}>
                {m.canned.retry}
              </Button>
            </div>
          ) : (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {m.canned.loading}
            </p>
          )
        ) : (
          <>
            {replies.length === 0 ? (
              <p className="text-muted-foreground text-sm">{m.canned.empty}</p>
            ) : (
              <ul className="divide-y rounded-lg border">
                {replies.map((reply) => (
                  <CannedRow key={reply.id} reply={reply} onChanged={load} />
                ))}
              </ul>
            )}
            <CannedForm
              submitLabel={m.canned.add}
              pendingLabel={m.canned.adding}
              disabled={replies.length >= inboxLimits.cannedReplies}
              onSaved={async (saved) => {
                toast.success(m.canned.added(saved.shortcut));
                await load();
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CannedForm({
  reply,
  submitLabel,
  pendingLabel,
  disabled = false,
  onSaved,
  onCancel,
}: {
  reply?: CannedReplyDto;
  submitLabel: string;
  pendingLabel: string;
  disabled?: boolean;
  onSaved: (saved: CannedReplyDto) => Promise<void> | void;
  onCancel?: () => void;
}) {
  const m = useMessages(workspaceSettingsMessages);
  const id = useId();
  const save = useApiMutation(m.common);
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? "");
  const [body, setBody] = useState(reply?.body ?? "");
  const issues = describeCannedError(save.error, m);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { shortcut: shortcut.replace(/^\//, ""), body };
    const result = reply
      ? await save.run<CannedReplyDto>("PUT", `${cannedApi}/${reply.id}`, input, {
          quiet: true,
          revalidate: false,
        })
      : await save.run<CannedReplyDto>("POST", cannedApi, input, {
          quiet: true,
          revalidate: false,
        });
    if (!result?.ok) return;
    if (!reply) {
      setShortcut("");
      setBody("");
    }
    await onSaved(result.data);
  };

  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate>
      <div className="space-y-1">
        <Label htmlFor={`${id}-shortcut`}>{m.canned.shortcut}</Label>
        <div className="flex max-w-xs items-center gap-1">
          <span className="text-muted-foreground" aria-hidden="true">
            /
          </span>
          <Input
            id={`${id}-shortcut`}
            value={shortcut}
            maxLength={inboxLimits.cannedShortcut}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => setShortcut(event.target.value.replace(/\s/g, ""))}
            aria-invalid={Boolean(issues.shortcut)}
            aria-describedby={`${id}-shortcut-note`}
          />
        </div>
        <p
          id={`${id}-shortcut-note`}
          className={issues.shortcut ? "text-destructive text-sm" : "text-muted-foreground text-sm"}
        >
          {issues.shortcut ?? m.canned.shortcutHint}
        </p>
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-body`}>{m.canned.body}</Label>
        <Textarea
          id={`${id}-body`}
          value={body}
          rows={3}
          maxLength={inboxLimits.cannedBody}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={Boolean(issues.body)}
          aria-describedby={issues.body ? `${id}-body-error` : undefined}
        />
        {issues.body ? (
          <p id={`${id}-body-error`} className="text-destructive text-sm">
            {issues.body}
          </p>
        ) : null}
      </div>
      {issues.form || disabled ? (
        <p role="alert" className="text-destructive text-sm">
          {issues.form ?? m.canned.limit}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={reply ? "default" : "outline"}
          disabled={save.isPending || disabled}
        >
          {save.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : reply ? null : (
            <Plus aria-hidden="true" />
          )}
          {save.isPending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {m.common.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function CannedRow({
  reply,
  onChanged,
}: {
  reply: CannedReplyDto;
  onChanged: () => Promise<void>;
}) {
  const m = useMessages(workspaceSettingsMessages);
  const remove = useApiMutation(m.common);
  const [isEditing, setIsEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const onDelete = async () => {
    const result = await remove.run("DELETE", `${cannedApi}/${reply.id}`, undefined, {
      quiet: true,
      revalidate: false,
    });
    if (!result?.ok) return;
    setConfirming(false);
    toast.success(m.canned.deleted(reply.shortcut));
    await onChanged();
  };

  if (isEditing) {
    return (
      <li className="p-3">
        <CannedForm
          reply={reply}
          submitLabel={m.common.save}
          pendingLabel={m.common.saving}
          onCancel={() => setIsEditing(false)}
          onSaved={async (saved) => {
            toast.success(m.canned.updated(saved.shortcut));
            setIsEditing(false);
            await onChanged();
          }}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3" data-testid="canned-reply">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium font-mono text-sm">/{reply.shortcut}</p>
        <p className="line-clamp-3 whitespace-pre-wrap break-words text-muted-foreground text-sm">
          {reply.body}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
          <Pencil aria-hidden="true" />
          <span className="sr-only">{m.canned.editOf(reply.shortcut)}</span>
          <span aria-hidden="true">{m.common.edit}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {m.common.delete}
        </Button>
      </div>
      <AlertDialog
        open={confirming}
        onOpenChange={(open) => {
          if (remove.isPending) return;
          setConfirming(open);
          if (!open) remove.setError(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{m.canned.deleteTitle(reply.shortcut)}</AlertDialogTitle>
            <AlertDialogDescription>{m.canned.deleteText}</AlertDialogDescription>
          </AlertDialogHeader>
          {remove.error ? (
            <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
              {remove.error.message}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{m.common.cancel}</AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => void onDelete()}
              disabled={remove.isPending}
            >
              {remove.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : null}
              {remove.isPending ? m.common.deleting : m.common.delete}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
