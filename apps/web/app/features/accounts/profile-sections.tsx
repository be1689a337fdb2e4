import {
  AccountEmailSchema,
  AccountNameSchema,
  CurrentPasswordSchema,
  NewPasswordSchema,
} from "@jai/contracts/accounts";
import { z } from "@jai/contracts/zod";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent } from "~/lib/accounts-client";
import type { AccountPageData } from "./account-page-data";
import { AccountSection } from "./account-section";
import { AuthField, describedBy } from "./auth-field";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { NewPasswordFields } from "./new-password-fields";
import { PasswordInput } from "./password-input";
import { readField, useAuthForm } from "./use-auth-form";

function Pending({ isPending }: { isPending: boolean }) {
  return isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null;
}

export function ProfileSection({ owner }: { owner: AccountPageData["owner"] }) {
  const m = useMessages(accountMessages);
  const form = useAuthForm();
  const revalidator = useRevalidator();
  const nameId = `${useId()}-name`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const input = form.validate(z.object({ name: AccountNameSchema }), {
        name: readField(element, "name"),
      });
      if (!input) return;
      const result = await form.request("/update-user", input);
      if (!result.ok) return form.showError(result.error);
      form.setNotice({ tone: "success", text: m.account.profile.saved });
      await emitAuthEvent("USER_UPDATED");
      await revalidator.revalidate();
    });
  };
  return (
    <AccountSection id="profile" title={m.account.profile.title}>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <AuthField id={nameId} label={m.fields.name} error={form.fieldErrors.name}>
          <Input
            id={nameId}
            name="name"
            autoComplete="name"
            defaultValue={owner.name}
            maxLength={100}
            required
            onChange={() => form.clearFieldError("name")}
            {...describedBy(nameId, { error: form.fieldErrors.name })}
          />
        </AuthField>
        <Button type="submit" className="self-start" disabled={form.isSubmitting}>
          <Pending isPending={form.isSubmitting} />
          {form.isSubmitting ? m.account.saving : m.account.save}
        </Button>
      </form>
    </AccountSection>
  );
}

export function EmailSection({ owner }: { owner: AccountPageData["owner"] }) {
  const m = useMessages(accountMessages);
  const form = useAuthForm();
  const emailId = `${useId()}-new-email`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const input = form.validate(z.object({ newEmail: AccountEmailSchema }), {
        newEmail: readField(element, "newEmail"),
      });
      if (!input) return;
      const result = await form.request("/change-email", input);
      if (!result.ok) return form.showError(result.error);
      form.setNotice({ tone: "info", text: m.account.email.sent(owner.email) });
      element.reset();
    });
  };
  return (
    <AccountSection
      id="email"
      title={m.account.email.title}
      intro={m.account.email.current(owner.email)}
      badge={
        owner.emailVerified ? null : (
          <Badge variant="outline">{m.account.email.unverifiedBadge}</Badge>
        )
      }
    >
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <AuthField id={emailId} label={m.fields.newEmail} error={form.fieldErrors.newEmail}>
          <Input
            id={emailId}
            name="newEmail"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            onChange={() => form.clearFieldError("newEmail")}
            {...describedBy(emailId, { error: form.fieldErrors.newEmail })}
          />
        </AuthField>
        <Button type="submit" variant="outline" className="self-start" disabled={form.isSubmitting}>
          <Pending isPending={form.isSubmitting} />
          {m.account.email.change}
        </Button>
      </form>
    </AccountSection>
  );
}

const ChangePasswordSchema = z
  .object({
    currentPassword: CurrentPasswordSchema,
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "passwordMismatch",
    path: ["confirmPassword"],
  });

export function PasswordSection() {
  const m = useMessages(accountMessages);
  const form = useAuthForm();
  const revalidator = useRevalidator();
  const [password, setPassword] = useState("");
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const input = form.validate(ChangePasswordSchema, {
        currentPassword: readField(element, "currentPassword"),
        newPassword: readField(element, "newPassword"),
        confirmPassword: readField(element, "confirmPassword"),
      });
      if (!input) return;
      const result = await form.request("/change-password", {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
      });
      if (!result.ok) return form.showError(result.error);
      form.setNotice({ tone: "success", text: m.account.password.changed });
      element.reset();
      setPassword("");
      await revalidator.revalidate();
    });
  };
  return (
    <AccountSection id="password" title={m.account.password.title} intro={m.account.password.intro}>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <AuthField
          id={id("currentPassword")}
          label={m.fields.currentPassword}
          error={form.fieldErrors.currentPassword}
        >
          <PasswordInput
            id={id("currentPassword")}
            name="currentPassword"
            autoComplete="current-password"
            required
            onChange={() => form.clearFieldError("currentPassword")}
            {...describedBy(id("currentPassword"), { error: form.fieldErrors.currentPassword })}
          />
        </AuthField>
        <NewPasswordFields form={form} id={id} password={password} onPasswordChange={setPassword} />
        <Button type="submit" variant="outline" className="self-start" disabled={form.isSubmitting}>
          <Pending isPending={form.isSubmitting} />
          {m.account.password.change}
        </Button>
      </form>
    </AccountSection>
  );
}
