import type { AccountIssueKind } from "@jai/contracts/accounts";
import { listAccountIssues } from "@jai/contracts/accounts";
import { useCallback, useState } from "react";
import type { z } from "zod";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { type AuthError, type AuthResult, authRequest } from "~/lib/accounts-client";
import { accountMessages } from "./messages";

export type FormNotice = { tone: "error" | "success" | "info"; text: string };

/**
 * State of one account form: pending, the error under each field, and one message for the
 * form. Validation uses the same schemas as the server; the server's errors arrive already in
 * the page's language.
 */
export function useAuthForm() {
  const m = useMessages(accountMessages);
  const locale = useLocale();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<FormNotice | null>(null);

  const issueText = useCallback(
    (kind: string) => m.issues[kind as AccountIssueKind] ?? m.errors.invalidInput,
    [m],
  );

  /** Parses `input`; on failure shows each field's problem and returns undefined. */
  const validate = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> | undefined => {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setFieldErrors({});
      return parsed.data;
    }
    const issues = listAccountIssues(parsed.error);
    setFieldErrors(Object.fromEntries(Object.entries(issues).map(([f, k]) => [f, issueText(k)])));
    setNotice(null);
    return undefined;
  };

  /** Shows a failed request: field problems under their fields, the rest as the form message. */
  const showError = (error: AuthError) => {
    if (error.fields && Object.keys(error.fields).length > 0) {
      setFieldErrors(
        Object.fromEntries(Object.entries(error.fields).map(([f, k]) => [f, issueText(k)])),
      );
    }
    const text =
      error.code === "NETWORK"
        ? m.errors.network
        : error.message ||
          (error.retryAfterSeconds
            ? m.errors.tooManyAttempts(Math.ceil(error.retryAfterSeconds / 60))
            : m.errors.generic);
    setNotice({ tone: "error", text });
  };

  /** Runs one submission at a time, with the pending state around it. */
  const submit = async (run: () => Promise<void>) => {
    if (isSubmitting) return;
    setIsSubmitting(true);
    try {
      await run();
    } finally {
      setIsSubmitting(false);
    }
  };

  const request = <T = unknown>(path: string, body?: unknown): Promise<AuthResult<T>> =>
    authRequest<T>(path, { body, locale });

  const clearFieldError = (name: string) =>
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });

  return {
    isSubmitting,
    fieldErrors,
    notice,
    setNotice,
    setFieldErrors,
    validate,
    showError,
    submit,
    request,
    clearFieldError,
  };
}

/** A text field of a form element by name ("" when absent). */
export function readField(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === "string" ? value : "";
}
