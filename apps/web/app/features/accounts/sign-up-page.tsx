import { brand, type PlanId, planIds } from "@jai/contracts";
import { SignUpSchema } from "@jai/contracts/accounts";
import { defaultBillingCycle, isBillingCycle, paidPlans } from "@jai/contracts/plans";
import { LoaderCircle, MailCheck, Sparkles, UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { localizePath } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { AuthCard } from "./auth-card";
import { AuthField, describedBy } from "./auth-field";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { PasswordInput } from "./password-input";
import { PasswordStrength } from "./password-strength";
import { rememberNext } from "./remembered-next";
import { safeNextPath } from "./safe-next";
import { readField, useAuthForm } from "./use-auth-form";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** The plan a pricing card named in `/sign-up?plan=<id>`, if it is one. */
function toPlanId(value: string | null): PlanId | null {
  return planIds.find((id) => id === value) ?? null;
}

export function SignUpPage() {
  const m = useMessages(accountMessages);
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const planId = toPlanId(searchParams.get("plan"));
  const cycleParam = searchParams.get("cycle");
  const cycle = cycleParam && isBillingCycle(cycleParam) ? cycleParam : defaultBillingCycle;
  // Where the visitor was going (the builder's "sign in to save"): kept through verification. A
  // paid plan picked on the pricing page leads to its checkout, plan and cycle preselected.
  const next =
    safeNextPath(searchParams.get("next")) ??
    (planId && planId !== "free" && !paidPlans[planId].isContactSales
      ? localizePath(`/app/billing?plan=${planId}&cycle=${cycle}`, locale)
      : undefined);
  const signInPath = next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in";
  // An invitation link fills in the invited address (`?email=`); the visitor may change it.
  const invitedEmail = searchParams.get("email")?.trim().slice(0, 254) || undefined;
  const form = useAuthForm();
  const [password, setPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isHydrated, setIsHydrated] = useState(false);
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;

  useEffect(() => setIsHydrated(true), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    void form.submit(async () => {
      const input = form.validate(SignUpSchema, {
        name: readField(element, "name"),
        email: readField(element, "email"),
        password: readField(element, "password"),
        locale,
      });
      if (!input) return;
      // The plan picked on the pricing page is kept with the account (for the trial and sales).
      const result = await form.request(
        "/sign-up/email",
        planId ? { ...input, plan: planId } : input,
      );
      if (!result.ok) {
        form.showError(result.error);
        return;
      }
      form.setNotice(null);
      rememberNext(next);
      setSentTo(input.email);
    });
  };

  const resend = () =>
    void form.submit(async () => {
      if (!sentTo) return;
      const result = await form.request("/send-verification-email", { email: sentTo });
      if (result.ok) form.setNotice({ tone: "success", text: m.signUp.checkEmail.resent });
      else form.showError(result.error);
    });

  if (sentTo) {
    return (
      <AuthCard icon={MailCheck} title={m.signUp.checkEmail.title}>
        <div className="flex flex-col gap-5">
          <p className="text-center">{m.signUp.checkEmail.text(sentTo)}</p>
          {form.notice ? (
            <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage>
          ) : null}
          <Button type="button" variant="outline" onClick={resend} disabled={form.isSubmitting}>
            {form.isSubmitting ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : null}
            {m.signUp.checkEmail.resend}
          </Button>
          <Button asChild variant="hero" size="lg">
            <LocaleLink to={signInPath}>{m.verifyEmail.toSignIn}</LocaleLink>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={UserPlus}
      title={m.signUp.title}
      intro={m.signUp.intro(brand.name)}
      footer={
        <>
          {m.signUp.haveAccount}{" "}
          <LocaleLink to={signInPath} className={linkClass}>
            {m.signUp.signIn}
          </LocaleLink>
        </>
      }
    >
      <form
        method="post"
        noValidate={isHydrated}
        onSubmit={onSubmit}
        className="flex flex-col gap-5"
      >
        {planId ? (
          <p className="inline-flex w-fit items-center gap-2 self-center rounded-full bg-accent px-3 py-1 font-medium text-accent-foreground text-sm">
            <Sparkles className="size-4" aria-hidden="true" />
            {m.signUp.planNotice(m.plans[planId])}
          </p>
        ) : null}
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <AuthField id={id("name")} label={m.fields.name} error={form.fieldErrors.name}>
          <Input
            id={id("name")}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            placeholder={m.placeholders.name}
            onChange={() => form.clearFieldError("name")}
            {...describedBy(id("name"), { error: form.fieldErrors.name })}
          />
        </AuthField>
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
            maxLength={254}
            placeholder={m.placeholders.email}
            defaultValue={invitedEmail}
            onChange={() => form.clearFieldError("email")}
            {...describedBy(id("email"), { error: form.fieldErrors.email })}
          />
        </AuthField>
        <AuthField
          id={id("password")}
          label={m.fields.password}
          error={form.fieldErrors.password}
          hint={<PasswordStrength password={password} />}
        >
          <PasswordInput
            id={id("password")}
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            onChange={(event) => {
              setPassword(event.target.value);
              form.clearFieldError("password");
            }}
            {...describedBy(id("password"), { error: form.fieldErrors.password, hint: true })}
          />
        </AuthField>
        <p className="text-muted-foreground text-xs">
          {m.signUp.termsBefore}{" "}
          <LocaleLink to="/tos" className={linkClass}>
            {m.signUp.termsLink}
          </LocaleLink>{" "}
          {m.signUp.termsMiddle}{" "}
          <LocaleLink to="/privacy-policy" className={linkClass}>
            {m.signUp.privacyLink}
          </LocaleLink>
          {m.signUp.termsAfter}
        </p>
        <Button type="submit" variant="hero" size="lg" disabled={form.isSubmitting}>
          {form.isSubmitting ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <UserPlus aria-hidden="true" />
          )}
          {form.isSubmitting ? m.signUp.submitting : m.signUp.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
