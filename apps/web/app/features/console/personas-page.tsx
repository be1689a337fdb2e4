import type { PersonaDto, PersonaSummaryDto } from "@jai/contracts/console";
import { type PersonaBuilderNavigationState, toStoredPersona } from "@jai/contracts/persona";
import { Copy, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { LocaleLink, useLocalizedPath } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { personaRoleText } from "~/i18n/persona-labels";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { consoleRequest } from "./console-api";
import { ConfirmDialog, ConsolePageHeader, EmptyState, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";
import { PersonaAvatar } from "./persona-avatar";
import { useConsoleMutation } from "./use-console-mutation";

export type PersonasPageData = { personas: PersonaSummaryDto[] };

/** /app/personas: the owner's persona library; creating and editing happen in the builder. */
export function PersonasPage({ data }: { data: PersonasPageData }) {
  const m = useMessages(consoleMessages);
  const newPersona = (
    <Button asChild>
      <LocaleLink to="/persona-builder">
        <Plus aria-hidden="true" />
        {m.personas.newPersona}
      </LocaleLink>
    </Button>
  );
  return (
    <>
      <ConsolePageHeader
        title={m.personas.title}
        intro={m.personas.intro}
        actions={data.personas.length > 0 ? newPersona : null}
      />
      {data.personas.length === 0 ? (
        <EmptyState title={m.personas.emptyTitle} text={m.personas.emptyText} action={newPersona} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={m.personas.title}>
          {data.personas.map((persona) => (
            <PersonaRow key={persona.id} persona={persona} />
          ))}
        </ul>
      )}
    </>
  );
}

function PersonaRow({ persona }: { persona: PersonaSummaryDto }) {
  const m = useMessages(consoleMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const duplicate = useConsoleMutation();
  const remove = useConsoleMutation();
  const [isOpening, setIsOpening] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);

  // The builder edits from navigation state (seed section 4): fetch the whole persona first.
  const onEdit = async () => {
    setIsOpening(true);
    const result = await consoleRequest<PersonaDto>(`/personas/${persona.id}`, { locale });
    setIsOpening(false);
    if (!result.ok) {
      toast.error(
        result.error.code === "NETWORK"
          ? m.common.networkError
          : result.error.message || m.common.unknownError,
      );
      return;
    }
    const state: PersonaBuilderNavigationState = {
      editPersona: toStoredPersona(result.data.id, result.data.persona),
    };
    navigate(localize("/persona-builder"), { state });
  };

  const onDuplicate = async () => {
    const result = await duplicate.run<PersonaDto>("POST", `/personas/${persona.id}/duplicate`);
    if (result?.ok) toast.success(m.personas.duplicated(persona.name));
  };

  const onDelete = async () => {
    const result = await remove.run("DELETE", `/personas/${persona.id}`, undefined, {
      quiet: true,
    });
    if (result?.ok) {
      setIsConfirming(false);
      toast.success(m.personas.deleted(persona.name));
    }
  };

  const deleteError =
    remove.error?.code === "CONFLICT"
      ? m.personas.deleteInUse(Math.max(1, persona.botCount))
      : remove.error?.message;
  const isBusy = isOpening || duplicate.isPending || remove.isPending;

  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center"
      data-testid="persona-row"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <PersonaAvatar avatar={persona.avatar} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{persona.name}</p>
          <p className="truncate text-muted-foreground text-sm">
            {persona.role ? personaRoleText(persona.role, locale) : m.personas.noRole} ·{" "}
            {m.languages[persona.language]} · {m.personas.botCount(persona.botCount)}
          </p>
          <p className="text-muted-foreground text-xs">
            {m.personas.updated}: <LocalTime iso={persona.updatedAt} />
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} disabled={isBusy}>
          {isOpening ? <Spinner /> : <Pencil aria-hidden="true" />}
          {isOpening ? m.personas.loadingPersona : m.personas.edit}
        </Button>
        <Button variant="outline" size="sm" onClick={onDuplicate} disabled={isBusy}>
          {duplicate.isPending ? <Spinner /> : <Copy aria-hidden="true" />}
          {duplicate.isPending ? m.personas.duplicating : m.personas.duplicate}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={() => {
            remove.setError(null);
            setIsConfirming(true);
          }}
          disabled={isBusy}
        >
          <Trash2 aria-hidden="true" />
          {m.common.delete}
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={m.personas.deleteTitle(persona.name)}
        text={m.personas.deleteText}
        confirmLabel={m.common.delete}
        pendingLabel={m.common.deleting}
        isPending={remove.isPending}
        error={deleteError}
        onConfirm={onDelete}
      />
    </li>
  );
}
