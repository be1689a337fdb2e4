import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import type { PersonaBuilderMessages } from "./messages";

type FieldProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The field's limit: the browser enforces it and a counter shows how much is used. */
  maxLength: number;
  m: PersonaBuilderMessages;
  placeholder?: string;
  hint?: string;
  /** A textarea's visible rows; without, a one-line input. */
  rows?: number;
  id?: string;
  className?: string;
};

/** A labelled text field with its limit (maxLength) and a counter saying how much is used. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  m,
  placeholder,
  hint,
  rows,
  id,
  className,
}: FieldProps) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  const hintId = `${fieldId}-hint`;
  const counterId = `${fieldId}-counter`;
  const isFull = value.length >= maxLength;
  const common = {
    id: fieldId,
    value,
    maxLength,
    placeholder,
    "aria-describedby": cn(hint && hintId, counterId),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={fieldId}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {rows ? <Textarea rows={rows} {...common} /> : <Input {...common} />}
      <FieldCounter id={counterId} used={value.length} max={maxLength} isFull={isFull} m={m} />
    </div>
  );
}

function FieldCounter({
  id,
  used,
  max,
  isFull,
  m,
}: {
  id: string;
  used: number;
  max: number;
  isFull: boolean;
  m: PersonaBuilderMessages;
}) {
  return (
    <p
      id={id}
      className={cn(
        "text-right text-xs tabular-nums",
        isFull ? "font-medium text-destructive" : "text-muted-foreground",
      )}
    >
      {isFull ? `${m.atLimit(max)} · ` : null}
      {m.counter(used, max)}
    </p>
  );
}

export function SelectField({
  label,
  value,
  onChange,
  children,
  id,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  id?: string;
}) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId}>{label}</Label>
      <NativeSelect id={fieldId} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

type ListFieldTexts = {
  label: string;
  hint: string;
  add: string;
  remove(n: number): string;
};

/**
 * A list that starts with one entry and grows up to `maxItems` (a message says when it is full);
 * removing the last entry leaves one empty entry to type into.
 */
export function ListSection<T>({
  texts,
  items,
  onChange,
  maxItems,
  createItem,
  renderItem,
  m,
}: {
  texts: ListFieldTexts;
  items: readonly T[];
  onChange(items: T[]): void;
  maxItems: number;
  createItem(): T;
  renderItem(item: T, index: number, update: (item: T) => void): ReactNode;
  m: PersonaBuilderMessages;
}) {
  const headingId = useId();
  const isFull = items.length >= maxItems;
  const update = (index: number) => (item: T) =>
    onChange(items.map((current, i) => (i === index ? item : current)));
  const remove = (index: number) => {
    const rest = items.filter((_, i) => i !== index);
    onChange(rest.length > 0 ? rest : [createItem()]);
  };
  return (
    <fieldset className="grid gap-3" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className="font-semibold">
          {texts.label}
        </h3>
        <p className="text-muted-foreground text-sm">{texts.hint}</p>
      </div>
      <ol className="grid gap-3">
        {items.map((item, index) => (
          // Entries have no identity of their own; their position is what the owner sees.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">{renderItem(item, index, update(index))}</div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-7 shrink-0 text-muted-foreground hover:text-destructive"
              aria-label={texts.remove(index + 1)}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={isFull}
          onClick={() => onChange([...items, createItem()])}
        >
          <Plus aria-hidden="true" />
          {texts.add}
        </Button>
        {isFull ? (
          <p className="text-muted-foreground text-sm" role="status">
            {m.listFull(maxItems)}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
