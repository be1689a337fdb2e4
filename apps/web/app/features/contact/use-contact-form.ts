import {
  type ContactField,
  type ContactIssueKind,
  ContactMessageSchema,
  classifyContactError,
  contactHoneypotFieldName,
} from "@jai/contracts";
import { type FormEvent, useCallback, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { useLocale } from "~/i18n/use-locale";
import { contactMessages } from "./messages";

/** A field's problem: a kind worded by the page, or a sentence the server already worded. */
export type ContactFieldError = { kind: ContactIssueKind } | { text: string };
export type ContactFieldErrors = Partial<Record<ContactField, ContactFieldError>>;

/** The visible fields, in the order they appear (the first invalid one gets the focus). */
export const contactFormFields = [
  "name",
  "email",
  "company",
  "phone",
  "reason",
  "subject",
  "message",
] as const satisfies readonly ContactField[];

const issueKinds = new Set<string>([
  "missing",
  "invalidEmail",
  "invalidPhone",
  "tooLong",
  "invalid",
]);

type SuccessBody = { message?: unknown };
type FailureBody = { error?: { code?: unknown; message?: unknown; fields?: unknown } };

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function textOrNull(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** Field problems the server reported (`error.fields`), limited to fields this form shows. */
export function toFieldErrors(fields: unknown): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  if (!fields || typeof fields !== "object") return errors;
  for (const field of contactFormFields) {
    const value = (fields as Record<string, unknown>)[field];
    if (typeof value !== "string" || value === "") continue;
    errors[field] = issueKinds.has(value) ? { kind: value as ContactIssueKind } : { text: value };
  }
  return errors;
}

function focusField(form: HTMLFormElement, errors: ContactFieldErrors) {
  const first = contactFormFields.find((field) => errors[field]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}

/**
 * Client side of the contact form. The <Form method="post"> still posts natively when JavaScript
 * is off; with JavaScript, submission is validated here with the shared schema and sent as JSON to
 * `POST /api/contact` (success `{ message }`, failure `{ error: { code, message, fields? } }`).
 */
export function useContactForm(initialFieldErrors: ContactFieldErrors = {}) {
  const locale = useLocale();
  const [isSubmitting, setIsSubmitting] = useState(false);
  // Without JavaScript the route action reports field problems; they show until edited.
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>(initialFieldErrors);

  /** Editing a field clears its error (the form listens to its fields' change events). */
  const clearFieldError = useCallback((field: string) => {
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field as ContactField];
      return next;
    });
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const messages = contactMessages[locale];
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };

    const parsed = ContactMessageSchema.safeParse({
      name: read("name"),
      email: read("email"),
      company: read("company"),
      phone: read("phone"),
      reason: read("reason"),
      subject: read("subject"),
      message: read("message"),
      honeypot: read(contactHoneypotFieldName),
      language: locale,
    });
    if (!parsed.success) {
      const { kind, fields } = classifyContactError(parsed.error);
      const errors: ContactFieldErrors = {};
      for (const [field, fieldKind] of Object.entries(fields)) {
        errors[field as ContactField] = { kind: fieldKind };
      }
      setFieldErrors(errors);
      toast.error(messages.toasts[kind].title, { description: messages.toasts[kind].description });
      focusField(form, errors);
      return;
    }

    setFieldErrors({});
    setIsSubmitting(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Accept-Language": locale,
        },
        body: JSON.stringify(parsed.data),
      });
      const body = await readJson(response);
      if (response.ok) {
        toast.success(messages.success.title, {
          description:
            textOrNull((body as SuccessBody | null)?.message) ?? messages.success.fallback,
        });
        form.reset();
        return;
      }
      const error = (body as FailureBody | null)?.error;
      const serverErrors = toFieldErrors(error?.fields);
      setFieldErrors(serverErrors);
      toast.error(messages.failure.title, {
        description: textOrNull(error?.message) ?? messages.failure.fallback,
      });
      focusField(form, serverErrors);
    } catch {
      // Offline, blocked or aborted: nothing reached the server, every value stays in the form.
      toast.error(messages.failure.title, { description: messages.failure.fallback });
    } finally {
      setIsSubmitting(false);
    }
  };

  return { isSubmitting, fieldErrors, clearFieldError, handleSubmit };
}
