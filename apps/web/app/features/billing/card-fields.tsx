import { type ComponentProps, useId, useRef, useState } from "react";
import { Input } from "~/components/ui/input";
import type { BillingMessages, CardField } from "./messages";
import { describedBy, Field } from "./parts";
import { type CardInput, checkCard } from "./tokenize-card";

const fieldOrder: CardField[] = ["number", "name", "expiry", "cvc"];

/** The card form's state: what was typed, each field's problem, and a check that focuses the first. */
export function useCardFields() {
  const [card, setCard] = useState<CardInput>({ number: "", name: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<CardField, true>>>({});
  const refs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  return {
    card,
    errors,
    refs,
    set(field: CardField, value: string) {
      setCard((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    /** The card when every field is right; else null, the problems shown, the first focused. */
    check(): CardInput | null {
      const problems = checkCard(card);
      setErrors(problems);
      const first = fieldOrder.find((field) => problems[field]);
      if (first) {
        refs.current[first]?.focus();
        return null;
      }
      return card;
    },
    clear() {
      setCard({ number: "", name: "", expiry: "", cvc: "" });
      setErrors({});
    },
  };
}
export type CardFieldsState = ReturnType<typeof useCardFields>;

/**
 * Card number, name, expiry and security code. The inputs have no `name`: nothing here is ever
 * posted with a form to Jai's server (the page sends the card to the provider itself).
 */
export function CardFields({
  m,
  state,
  disabled,
}: {
  m: BillingMessages;
  state: CardFieldsState;
  disabled?: boolean;
}) {
  const prefix = useId();
  const id = (field: CardField) => `${prefix}-card-${field}`;
  const t = m.checkout;
  const input = (field: CardField, props: Partial<ComponentProps<typeof Input>>) => (
    <Input
      id={id(field)}
      ref={(element) => {
        state.refs.current[field] = element;
      }}
      value={state.card[field]}
      onChange={(event) => state.set(field, event.target.value)}
      disabled={disabled}
      data-testid={`card-${field}`}
      {...describedBy(id(field), { error: state.errors[field] })}
      {...props}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id={id("number")}
        label={t.cardNumber}
        error={state.errors.number ? t.cardErrors.number : null}
        className="sm:col-span-2"
      >
        {input("number", {
          inputMode: "numeric",
          autoComplete: "cc-number",
          maxLength: 23,
          placeholder: "4242 4242 4242 4242",
        })}
      </Field>
      <Field
        id={id("name")}
        label={t.cardName}
        error={state.errors.name ? t.cardErrors.name : null}
        className="sm:col-span-2"
      >
        {input("name", { autoComplete: "cc-name", maxLength: 100 })}
      </Field>
      <Field
        id={id("expiry")}
        label={t.expiry}
        error={state.errors.expiry ? t.cardErrors.expiry : null}
      >
        {input("expiry", { inputMode: "numeric", autoComplete: "cc-exp", maxLength: 7 })}
      </Field>
      <Field id={id("cvc")} label={t.cvc} error={state.errors.cvc ? t.cardErrors.cvc : null}>
        {input("cvc", { inputMode: "numeric", autoComplete: "cc-csc", maxLength: 4 })}
      </Field>
    </div>
  );
}
