import { type ApiKeyDto, type CreatedApiKeyDto, consoleLimits } from "@jai/contracts/console";
import { AlertTriangle, Copy, KeyRound, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { ConfirmDialog, ConsolePageHeader, FieldError, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";
import { useConsoleMutation } from "./use-console-mutation";

export type ApiKeysPageData = { keys: ApiKeyDto[] };

/** /app/api-keys: create (the key is shown once), list by prefix, revoke. */
export function ApiKeysPage({ data }: { data: ApiKeysPageData }) {
  const m = useMessages(consoleMessages);
  const id = useId();
  const create = useConsoleMutation();
  const [name, setName] = useState("");
  // The whole key lives only in this state, for the dialog, and is dropped when it closes.
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const activeKeys = data.keys.filter((key) => !key.revokedAt);

  const onCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await create.run<CreatedApiKeyDto>("POST", "/api-keys", { name });
    if (result?.ok) {
      setName("");
      setCreated(result.data);
    }
  };

  const onCopy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(m.apiKeys.copied);
    } catch {
      toast.error(m.apiKeys.copyFailed);
    }
  };

  return (
    <>
      <ConsolePageHeader title={m.apiKeys.title} intro={m.apiKeys.intro} />
      <Card className="mb-6">
        <CardContent className="pt-6">
          <form
            onSubmit={onCreate}
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            noValidate
          >
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-name`}>{m.apiKeys.name}</Label>
              <Input
                id={`${id}-name`}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder={m.apiKeys.namePlaceholder}
                maxLength={consoleLimits.apiKeyName}
                aria-invalid={create.fieldError("name") ? true : undefined}
                aria-describedby={`${id}-limit${create.fieldError("name") ? ` ${id}-name-error` : ""}`}
              />
            </div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
              {create.isPending ? m.apiKeys.creating : m.apiKeys.create}
            </Button>
          </form>
          <FieldError id={`${id}-name-error`} message={create.fieldError("name")} />
          <p id={`${id}-limit`} className="mt-2 text-muted-foreground text-xs">
            {m.apiKeys.limit(consoleLimits.apiKeysPerOwner)}
          </p>
        </CardContent>
      </Card>
      {activeKeys.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          {m.apiKeys.emptyText}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={m.apiKeys.title} data-testid="api-key-list">
          {activeKeys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
      <Dialog open={created !== null} onOpenChange={(open) => !open && setCreated(null)}>
        <DialogContent
          closeLabel={m.common.close}
          // Closing by an outside click would lose the key by accident.
          onPointerDownOutside={(event) => event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>{m.apiKeys.createdTitle}</DialogTitle>
            <DialogDescription className="flex gap-2 text-amber-700 dark:text-amber-300">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {m.apiKeys.createdText}
            </DialogDescription>
          </DialogHeader>
          <code
            className="block select-all break-all rounded-md bg-muted p-3 font-mono text-sm"
            data-testid="created-api-key"
          >
            {created?.key}
          </code>
          <DialogFooter>
            <Button variant="outline" onClick={onCopy}>
              <Copy aria-hidden="true" />
              {m.apiKeys.copy}
            </Button>
            <Button onClick={() => setCreated(null)}>{m.apiKeys.done}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyDto }) {
  const m = useMessages(consoleMessages);
  const revoke = useConsoleMutation();
  const [isConfirming, setIsConfirming] = useState(false);

  const onRevoke = async () => {
    const result = await revoke.run("DELETE", `/api-keys/${apiKey.id}`, undefined, { quiet: true });
    if (result?.ok) {
      setIsConfirming(false);
      toast.success(m.apiKeys.revoked(apiKey.name));
    }
  };

  return (
    <li
      className="flex flex-col gap-2 rounded-lg border bg-card p-3 sm:flex-row sm:items-center"
      data-testid="api-key-row"
    >
      <KeyRound
        className="hidden size-5 shrink-0 text-muted-foreground sm:block"
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{apiKey.name}</p>
        <p className="font-mono text-muted-foreground text-sm" data-testid="api-key-prefix">
          {apiKey.prefix}…
        </p>
        <p className="text-muted-foreground text-xs">
          {m.apiKeys.created}: <LocalTime iso={apiKey.createdAt} /> · {m.apiKeys.lastUsed}:{" "}
          {apiKey.lastUsedAt ? <LocalTime iso={apiKey.lastUsedAt} /> : m.common.never}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start text-destructive sm:self-center"
        onClick={() => {
          revoke.setError(null);
          setIsConfirming(true);
        }}
      >
        {m.apiKeys.revoke}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={m.apiKeys.revokeTitle(apiKey.name)}
        text={m.apiKeys.revokeText}
        confirmLabel={m.apiKeys.revoke}
        pendingLabel={m.apiKeys.revoking}
        isPending={revoke.isPending}
        error={revoke.error?.message}
        onConfirm={onRevoke}
      />
    </li>
  );
}
