import {
  type BotDto,
  type BotProviderId,
  botProviders,
  consoleLimits,
  type PersonaSummaryDto,
  suggestedModels,
} from "@jai/contracts/console";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { useMessages } from "~/i18n/use-locale";
import type { ConsoleApiError } from "./console-api";
import { FieldError, Spinner } from "./console-parts";
import { consoleMessages } from "./messages";

/** What the form sends: `providerKey` only when the owner typed a new key or removed theirs. */
export type BotFormValues = {
  personaId: string;
  name: string;
  description: string;
  purpose: string;
  provider: BotProviderId;
  model: string;
  providerKey?: string;
};

type KeyMode = "keep" | "replace" | "remove";

/**
 * A bot's fields, for creating one (no `bot`) and for its settings. The provider key is
 * write-only: once saved, only its last characters come back as a hint.
 */
export function BotForm({
  bot,
  personas,
  labelledBy,
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onSubmit,
}: {
  bot?: BotDto;
  personas: PersonaSummaryDto[];
  /** The id of the heading that names the form. */
  labelledBy?: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  error: ConsoleApiError | null;
  onSubmit: (values: BotFormValues) => Promise<boolean>;
}) {
  const m = useMessages(consoleMessages);
  const id = useId();
  const [personaId, setPersonaId] = useState(bot?.personaId ?? personas[0]?.id ?? "");
  const [name, setName] = useState(bot?.name ?? "");
  const [description, setDescription] = useState(bot?.description ?? "");
  const [purpose, setPurpose] = useState(bot?.purpose ?? "");
  const [provider, setProvider] = useState<BotProviderId>(bot?.provider ?? "local");
  const [model, setModel] = useState(bot?.model ?? "");
  const [providerKey, setProviderKey] = useState("");
  const [keyMode, setKeyMode] = useState<KeyMode>(bot?.providerKeyHint ? "keep" : "replace");
  const fieldError = (field: string) => error?.fields?.[field];
  const described = (field: string, hint?: boolean) =>
    [fieldError(field) ? `${id}-${field}-error` : "", hint ? `${id}-${field}-hint` : ""]
      .filter(Boolean)
      .join(" ") || undefined;

  const onFormSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: BotFormValues = { personaId, name, description, purpose, provider, model };
    if (provider !== "local") {
      if (keyMode === "remove") values.providerKey = "";
      else if (keyMode === "replace" && providerKey.trim() !== "") values.providerKey = providerKey;
    } else if (bot?.providerKeyHint) {
      // The built-in provider takes no key: a kept one would be stale.
      values.providerKey = "";
    }
    const isSaved = await onSubmit(values);
    if (isSaved) {
      setProviderKey("");
      if (!bot) {
        setName("");
        setDescription("");
        setPurpose("");
        setModel("");
      }
    }
  };

  const hint = bot?.providerKeyHint;
  const modelListId = `${id}-models`;

  return (
    <form
      onSubmit={onFormSubmit}
      className="flex flex-col gap-4"
      aria-labelledby={labelledBy}
      noValidate
    >
      <Field id={`${id}-persona`} label={m.botForm.persona}>
        <NativeSelect
          id={`${id}-persona`}
          value={personaId}
          onChange={(event) => setPersonaId(event.target.value)}
          required
          aria-invalid={fieldError("personaId") ? true : undefined}
          aria-describedby={described("personaId")}
        >
          {personas.length === 0 ? <option value="">{m.botForm.choosePersona}</option> : null}
          {personas.map((persona) => (
            <option key={persona.id} value={persona.id}>
              {persona.avatar && !persona.avatar.includes("/") ? `${persona.avatar} ` : ""}
              {persona.name}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-personaId-error`} message={fieldError("personaId")} />
      </Field>
      <Field id={`${id}-name`} label={m.botForm.name}>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={m.botForm.namePlaceholder}
          maxLength={consoleLimits.botName}
          required
          aria-invalid={fieldError("name") ? true : undefined}
          aria-describedby={described("name")}
        />
        <FieldError id={`${id}-name-error`} message={fieldError("name")} />
      </Field>
      <Field
        id={`${id}-description`}
        label={`${m.botForm.description} ${m.common.optional}`}
        hint={m.botForm.descriptionHint}
        hintId={`${id}-description-hint`}
      >
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={consoleLimits.botDescription}
          rows={2}
          aria-invalid={fieldError("description") ? true : undefined}
          aria-describedby={described("description", true)}
        />
        <FieldError id={`${id}-description-error`} message={fieldError("description")} />
      </Field>
      <Field
        id={`${id}-purpose`}
        label={`${m.botForm.purpose} ${m.common.optional}`}
        hint={m.botForm.purposeHint}
        hintId={`${id}-purpose-hint`}
      >
        <Textarea
          id={`${id}-purpose`}
          value={purpose}
          onChange={(event) => setPurpose(event.target.value)}
          maxLength={consoleLimits.botPurpose}
          rows={2}
          aria-invalid={fieldError("purpose") ? true : undefined}
          aria-describedby={described("purpose", true)}
        />
        <FieldError id={`${id}-purpose-error`} message={fieldError("purpose")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-provider`} label={m.botForm.provider}>
          <NativeSelect
            id={`${id}-provider`}
            value={provider}
            onChange={(event) => {
              setProvider(event.target.value as BotProviderId);
              setModel("");
            }}
            aria-invalid={fieldError("provider") ? true : undefined}
            aria-describedby={described("provider")}
          >
            {botProviders.map((option) => (
              <option key={option} value={option}>
                {m.botForm.providers[option]}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${id}-provider-error`} message={fieldError("provider")} />
        </Field>
        <Field
          id={`${id}-model`}
          label={`${m.botForm.model} ${m.common.optional}`}
          hint={provider === "local" ? m.botForm.modelLocal : m.botForm.modelHint}
          hintId={`${id}-model-hint`}
        >
          <Input
            id={`${id}-model`}
            value={model}
            onChange={(event) => setModel(event.target.value)}
            list={modelListId}
            maxLength={consoleLimits.botModel}
            disabled={provider === "local"}
            autoComplete="off"
            placeholder={suggestedModels[provider][0] ?? ""}
            aria-invalid={fieldError("model") ? true : undefined}
            aria-describedby={described("model", true)}
          />
          <datalist id={modelListId}>
            {suggestedModels[provider].map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
          <FieldError id={`${id}-model-error`} message={fieldError("model")} />
        </Field>
      </div>
      {provider === "local" ? null : (
        <fieldset className="flex flex-col gap-2 rounded-lg border p-4">
          <legend className="px-1 font-medium text-sm">
            {m.botForm.providerKey} {m.common.optional}
          </legend>
          <p id={`${id}-providerKey-hint`} className="text-muted-foreground text-sm">
            {m.botForm.providerKeyHint}
          </p>
          {hint ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm" data-testid="provider-key-hint">
                {m.botForm.keyHint(hint)}
              </span>
              {keyMode === "keep" ? (
                <>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => setKeyMode("replace")}
                  >
                    {m.botForm.replaceKey}
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className="text-destructive"
                    onClick={() => setKeyMode("remove")}
                  >
                    {m.botForm.removeKey}
                  </Button>
                </>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setKeyMode("keep");
                    setProviderKey("");
                  }}
                >
                  {m.botForm.keepKey}
                </Button>
              )}
            </div>
          ) : null}
          {keyMode === "remove" ? (
            <p role="status" className="text-destructive text-sm">
              {m.botForm.keyWillBeRemoved}
            </p>
          ) : null}
          {keyMode === "replace" ? (
            <>
              <Label htmlFor={`${id}-providerKey`} className="sr-only">
                {m.botForm.providerKey}
              </Label>
              <Input
                id={`${id}-providerKey`}
                type="password"
                value={providerKey}
                onChange={(event) => setProviderKey(event.target.value)}
                maxLength={consoleLimits.providerKey}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={fieldError("providerKey") ? true : undefined}
                aria-describedby={described("providerKey", true)}
              />
            </>
          ) : null}
          <FieldError id={`${id}-providerKey-error`} message={fieldError("providerKey")} />
        </fieldset>
      )}
      {error?.code === "PLAN_LIMIT_REACHED" ? (
        <div role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
          <p className="font-medium">{m.bots.planLimit}</p>
          <p>{error.message}</p>
          <LocaleLink to="/pricing" className="font-medium underline underline-offset-4">
            {m.common.seePlans}
          </LocaleLink>
        </div>
      ) : null}
      <Button type="submit" className="self-start" disabled={isPending || personas.length === 0}>
        {isPending ? <Spinner /> : null}
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

function Field({
  id,
  label,
  hint,
  hintId,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  hintId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
