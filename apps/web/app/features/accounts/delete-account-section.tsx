import { BackupCodeSchema, CurrentPasswordSchema, TotpCodeSchema } from "@jai/contracts/accounts";
import { z } from "@jai/contracts/zod";
import { LoaderCircle, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent } from "~/lib/accounts-client";
import { AccountSection } from "./account-section";
import { AuthField, describedBy } from "./auth-field";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { PasswordInput } from "./password-input";
import { readField, useAuthForm } from "./use-auth-form";

/** Deleting the account: the password, a code when two-factor is on, and the word typed out. */
export function DeleteAccountSection({ isTwoFactorEnabled }: { isTwoFactorEnabled: boolean }) {
  const m = useMessages(accountMessages);
  const d = m.account.danger;
  const form = useAuthForm();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [confirmation, setConfirmation] = useState("");
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  const schema = z.object({
    password: CurrentPasswordSchema,
    code: isTwoFactorEnabled ? z.union([TotpCodeSchema, BackupCodeSchema]) : z.undefined(),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    if (confirmation.trim() !== d.confirmWord) return;
    void form.submit(async () => {
      const input = form.validate(schema, {
        password: readField(element, "password"),
        code: isTwoFactorEnabled ? readField(element, "code") : undefined,
      });
      if (!input) return;
      const result = await form.request("/delete-user", input);
      if (!result.ok) return form.showError(result.error);
      await emitAuthEvent("SIGNED_OUT");
      toast.success(d.deleted);
      navigate(localize("/"), { replace: true });
    });
  };

  return (
    <AccountSection id="delete-account" title={d.title} intro={d.intro} tone="danger">
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <AuthField id={id("password")} label={m.fields.password} error={form.fieldErrors.password}>
          <PasswordInput
            id={id("password")}
            name="password"
            autoComplete="current-password"
            required
            onChange={() => form.clearFieldError("password")}
            {...describedBy(id("password"), { error: form.fieldErrors.password })}
          />
        </AuthField>
        {isTwoFactorEnabled ? (
          <AuthField id={id("code")} label={m.fields.totpCode} error={form.fieldErrors.code}>
            <Input
              id={id("code")}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={14}
              className="max-w-48 font-mono"
              onChange={() => form.clearFieldError("code")}
              {...describedBy(id("code"), { error: form.fieldErrors.code })}
            />
          </AuthField>
        ) : null}
        <AuthField id={id("confirm")} label={d.confirmLabel(d.confirmWord)}>
          <Input
            id={id("confirm")}
            name="confirm"
            autoComplete="off"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            className="max-w-48"
          />
        </AuthField>
        <Button
          type="submit"
          variant="destructive"
          className="self-start"
          disabled={form.isSubmitting || confirmation.trim() !== d.confirmWord}
        >
          {form.isSubmitting ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {form.isSubmitting ? d.deleting : d.submit}
        </Button>
      </form>
    </AccountSection>
  );
}
