import { AccountEmailSchema } from "@jai/contracts/accounts";
import { z } from "@jai/contracts/zod";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useMessages } from "~/i18n/use-locale";
import { AuthField, describedBy } from "./auth-field";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { readField, useAuthForm } from "./use-auth-form";

/** An email field and a button that asks for a link (password reset, or a new verification). */
export function EmailLinkForm({
  path,
  submitLabel,
  sentText,
}: {
  path: "/request-password-reset" | "/send-verification-email";
  submitLabel: string;
  sentText: string;
}) {
  const m = useMessages(accountMessages);
  const form = useAuthForm();
  const idPrefix = useId();
  const emailId = `${idPrefix}-email`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const email = form.validate(z.object({ email: AccountEmailSchema }), {
        email: readField(element, "email"),
      });
      if (!email) return;
      const result = await form.request(path, email);
      if (result.ok) form.setNotice({ tone: "success", text: sentText });
      else form.showError(result.error);
    });
  };
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
      <AuthField id={emailId} label={m.fields.email} error={form.fieldErrors.email}>
        <Input
          id={emailId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={m.placeholders.email}
          onChange={() => form.clearFieldError("email")}
          {...describedBy(emailId, { error: form.fieldErrors.email })}
        />
      </AuthField>
      <Button type="submit" variant="hero" size="lg" disabled={form.isSubmitting}>
        {form.isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}
