import { brand } from "@jai/contracts";
import { BackupCodeSchema, SignInSchema, TotpCodeSchema } from "@jai/contracts/accounts";
import { KeyRound, LoaderCircle, LogIn, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { LocaleLink, useLocalizedPath } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent } from "~/lib/accounts-client";
import { AuthCard } from "./auth-card";
import { AuthField, describedBy } from "./auth-field";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { PasswordInput } from "./password-input";
import { safeNextPath } from "./safe-next";
import { readField, useAuthForm } from "./use-auth-form";

type Step = "password" | "totp" | "backup";

export function SignInPage() {
  const m = useMessages(accountMessages);
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Owners come to build bots: the console, unless they came from somewhere else.
  const next = safeNextPath(searchParams.get("next")) ?? localize("/app");
  const form = useAuthForm();
  const [step, setStep] = useState<Step>("password");
  const [isHydrated, setIsHydrated] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  useEffect(() => setIsHydrated(true), []);
  useEffect(() => {
    if (step !== "password") codeRef.current?.focus();
  }, [step]);

  const finish = async (type: "SIGNED_IN" | "MFA_CHALLENGE_VERIFIED") => {
    if (type === "MFA_CHALLENGE_VERIFIED") await emitAuthEvent("MFA_CHALLENGE_VERIFIED");
    await emitAuthEvent("SIGNED_IN");
    navigate(next, { replace: true });
  };

  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const input = form.validate(SignInSchema, {
        email: readField(element, "email"),
        password: readField(element, "password"),
      });
      if (!input) return;
      const result = await form.request<{ twoFactorRedirect?: boolean }>("/sign-in/email", input);
      if (!result.ok) {
        if (result.error.code === "EMAIL_NOT_VERIFIED") {
          form.setNotice({ tone: "info", text: result.error.message || m.signIn.unverified });
        } else {
          form.showError(result.error);
        }
        return;
      }
      form.setNotice(null);
      if (result.data?.twoFactorRedirect) setStep("totp");
      else await finish("SIGNED_IN");
    });
  };

  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const isBackup = step === "backup";
      const code = form.validate(
        isBackup ? BackupCodeSchema : TotpCodeSchema,
        readField(element, "code"),
      );
      if (code === undefined) {
        form.setFieldErrors({ code: m.issues.invalidCode });
        return;
      }
      const result = await form.request(
        isBackup ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp",
        { code },
      );
      if (!result.ok) {
        // The challenge is gone (expired, or too many wrong codes): start again.
        if (
          ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"].includes(
            result.error.code,
          )
        ) {
          setStep("password");
        }
        form.showError(result.error);
        codeRef.current?.select();
        return;
      }
      await finish("MFA_CHALLENGE_VERIFIED");
    });
  };

  const pending = form.isSubmitting ? (
    <LoaderCircle className="animate-spin" aria-hidden="true" />
  ) : null;

  if (step !== "password") {
    const isBackup = step === "backup";
    return (
      <AuthCard
        icon={ShieldCheck}
        title={m.signIn.twoFactor.title}
        intro={isBackup ? m.signIn.twoFactor.backupIntro : m.signIn.twoFactor.intro}
      >
        <form method="post" noValidate onSubmit={onCode} className="flex flex-col gap-5">
          {form.notice ? (
            <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage>
          ) : null}
          <AuthField
            id={id("code")}
            label={isBackup ? m.fields.backupCode : m.fields.totpCode}
            error={form.fieldErrors.code}
          >
            <Input
              key={step}
              ref={codeRef}
              id={id("code")}
              name="code"
              autoComplete="one-time-code"
              inputMode={isBackup ? "text" : "numeric"}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={isBackup ? 14 : 8}
              placeholder={isBackup ? m.placeholders.backupCode : m.placeholders.totpCode}
              className="text-center font-mono text-lg tracking-[0.3em]"
              onChange={() => form.clearFieldError("code")}
              {...describedBy(id("code"), { error: form.fieldErrors.code })}
            />
          </AuthField>
          <Button type="submit" variant="hero" size="lg" disabled={form.isSubmitting}>
            {pending ?? <ShieldCheck aria-hidden="true" />}
            {form.isSubmitting ? m.signIn.twoFactor.verifying : m.signIn.twoFactor.verify}
          </Button>
          <div className="flex flex-col items-center gap-2 text-sm">
            <button
              type="button"
              className="text-primary underline-offset-4 hover:underline"
              onClick={() => {
                form.setNotice(null);
                form.setFieldErrors({});
                setStep(isBackup ? "totp" : "backup");
              }}
            >
              {isBackup ? m.signIn.twoFactor.useApp : m.signIn.twoFactor.useBackupCode}
            </button>
            <button
              type="button"
              className="text-muted-foreground underline-offset-4 hover:underline"
              onClick={() => {
                form.setNotice(null);
                setStep("password");
              }}
            >
              {m.signIn.twoFactor.startOver}
            </button>
          </div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={LogIn}
      title={m.signIn.title}
      intro={m.signIn.intro(brand.name)}
      footer={
        <>
          {m.signIn.noAccount}{" "}
          <LocaleLink
            to="/sign-up"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {m.signIn.createAccount}
          </LocaleLink>
        </>
      }
    >
      <form
        method="post"
        noValidate={isHydrated}
        onSubmit={onPassword}
        className="flex flex-col gap-5"
      >
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <AuthField id={id("email")} label={m.fields.email} error={form.fieldErrors.email}>
          <Input
            id={id("email")}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            placeholder={m.placeholders.email}
            onChange={() => form.clearFieldError("email")}
            {...describedBy(id("email"), { error: form.fieldErrors.email })}
          />
        </AuthField>
        <AuthField
          id={id("password")}
          label={m.fields.password}
          error={form.fieldErrors.password}
          aside={
            <LocaleLink
              to="/forgot-password"
              className="text-primary text-sm underline-offset-4 hover:underline"
            >
              {m.signIn.forgotPassword}
            </LocaleLink>
          }
        >
          <PasswordInput
            id={id("password")}
            name="password"
            autoComplete="current-password"
            required
            onChange={() => form.clearFieldError("password")}
            {...describedBy(id("password"), { error: form.fieldErrors.password })}
          />
        </AuthField>
        <Button type="submit" variant="hero" size="lg" disabled={form.isSubmitting}>
          {pending ?? <KeyRound aria-hidden="true" />}
          {form.isSubmitting ? m.signIn.submitting : m.signIn.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
