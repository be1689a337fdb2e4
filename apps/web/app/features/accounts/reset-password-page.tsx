import { NewPasswordSchema } from "@jai/contracts/accounts";
import { z } from "@jai/contracts/zod";
import { KeyRound, LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent } from "~/lib/accounts-client";
import { AuthCard } from "./auth-card";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { NewPasswordFields } from "./new-password-fields";
import { readField, useAuthForm } from "./use-auth-form";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

const ResetSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "passwordMismatch",
    path: ["confirmPassword"],
  });

export function ResetPasswordPage() {
  const m = useMessages(accountMessages);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const form = useAuthForm();
  const [password, setPassword] = useState("");
  const [isDone, setIsDone] = useState(false);
  const [isLinkBroken, setIsLinkBroken] = useState(false);
  const announced = useRef(false);
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  // Landing here from a recovery link is the seed's PASSWORD_RECOVERY event.
  useEffect(() => {
    if (token && !announced.current) {
      announced.current = true;
      void emitAuthEvent("PASSWORD_RECOVERY");
    }
  }, [token]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const input = form.validate(ResetSchema, {
        newPassword: readField(element, "newPassword"),
        confirmPassword: readField(element, "confirmPassword"),
      });
      if (!input || !token) return;
      const result = await form.request("/reset-password", {
        token,
        newPassword: input.newPassword,
      });
      if (!result.ok) {
        if (["INVALID_TOKEN", "TOKEN_EXPIRED"].includes(result.error.code)) setIsLinkBroken(true);
        form.showError(result.error);
        return;
      }
      setIsDone(true);
      // Every session of the account was revoked, this browser's too.
      await emitAuthEvent("SIGNED_OUT");
    });
  };

  const requestNew = (
    <LocaleLink to="/forgot-password" className={linkClass}>
      {m.resetPassword.requestNew}
    </LocaleLink>
  );

  if (!token || isDone) {
    return (
      <AuthCard icon={KeyRound} title={m.resetPassword.title}>
        <div className="flex flex-col gap-5">
          <FormMessage tone={isDone ? "success" : "info"}>
            {isDone ? m.resetPassword.done : m.resetPassword.missingToken}
          </FormMessage>
          {isDone ? (
            <Button asChild variant="hero" size="lg">
              <LocaleLink to="/sign-in">{m.verifyEmail.toSignIn}</LocaleLink>
            </Button>
          ) : (
            <p className="text-center text-sm">{requestNew}</p>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={m.resetPassword.title} intro={m.resetPassword.intro}>
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {form.notice ? (
          <FormMessage tone={form.notice.tone}>
            {form.notice.text} {isLinkBroken ? requestNew : null}
          </FormMessage>
        ) : null}
        <NewPasswordFields form={form} id={id} password={password} onPasswordChange={setPassword} />
        <Button type="submit" variant="hero" size="lg" disabled={form.isSubmitting}>
          {form.isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {form.isSubmitting ? m.resetPassword.submitting : m.resetPassword.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
