import { type ContactMemoryDto, consoleLimits } from "@jai/contracts/console";
import { Brain, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { ConfirmDialog, FieldError, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { memoryMessages } from "./memory-messages";
import { consoleMessages } from "./messages";
import { useConsoleMutation } from "./use-console-mutation";

/**
 * The transcript's memory panel: what the bot remembers about the conversation's contact, which
 * the owner may rewrite (600 characters at most) or clear.
 */
export function MemoryPanel({ botId, contact }: { botId: string; contact: ContactMemoryDto }) {
  const m = useMessages(memoryMessages);
  const common = useMessages(consoleMessages).common;
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(contact.memory ?? "");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const save = useConsoleMutation();
  const clear = useConsoleMutation();
  const path = `/bots/${botId}/contacts/${contact.contactId}/memory`;
  const max = consoleLimits.contactMemory;

  return (
    <Card className="mb-6" data-testid="memory-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Brain className="size-5" aria-hidden="true" />
          {m.title}
        </CardTitle>
        <CardDescription>{m.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {isEditing ? (
          <form
            className="space-y-2"
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await save.run("PUT", path, { memory: draft });
              if (result?.ok) {
                setIsEditing(false);
                toast.success(m.saved);
              }
            }}
          >
            <Label htmlFor="contact-memory">{m.label}</Label>
            <Textarea
              id="contact-memory"
              value={draft}
              maxLength={max}
              rows={6}
              onChange={(event) => setDraft(event.target.value)}
              aria-describedby="contact-memory-help contact-memory-error"
              aria-invalid={save.fieldError("memory") ? true : undefined}
            />
            <p id="contact-memory-help" className="text-muted-foreground text-xs">
              {m.help} {common.characters(draft.length, max)}
            </p>
            <FieldError id="contact-memory-error" message={save.fieldError("memory")} />
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : null}
                {save.isPending ? common.saving : common.save}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => {
                  setIsEditing(false);
                  setDraft(contact.memory ?? "");
                  save.setError(null);
                }}
              >
                {common.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <>
            {contact.memory ? (
              <p
                className="whitespace-pre-wrap break-words rounded-lg bg-muted p-3 text-sm"
                data-testid="memory-text"
              >
                {contact.memory}
              </p>
            ) : (
              <p className="text-muted-foreground text-sm">{m.empty}</p>
            )}
            {contact.memory && contact.updatedAt ? (
              <p className="text-muted-foreground text-xs">
                {m.updated} <LocalTime iso={contact.updatedAt} />
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setDraft(contact.memory ?? "");
                  setIsEditing(true);
                }}
              >
                <Pencil aria-hidden="true" />
                {m.edit}
              </Button>
              {contact.memory ? (
                <Button variant="outline" size="sm" onClick={() => setConfirmOpen(true)}>
                  <Trash2 aria-hidden="true" />
                  {m.clear}
                </Button>
              ) : null}
            </div>
          </>
        )}
        <p className="text-muted-foreground text-xs">{m.privacy}</p>
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={m.clearTitle}
          text={m.clearText}
          confirmLabel={m.clear}
          pendingLabel={m.clearing}
          isPending={clear.isPending}
          error={clear.error?.message}
          onConfirm={async () => {
            const result = await clear.run("DELETE", path, undefined, { quiet: true });
            if (result?.ok) {
              setConfirmOpen(false);
              toast.success(m.cleared);
            }
          }}
        />
      </CardContent>
    </Card>
  );
}
