import { MailCheck, MailQuestion, MailX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent } from "~/lib/accounts-client";
import type { VerifyEmailOutcome } from "./account-page-data";
import { AuthCard } from "./auth-card";
import { EmailLinkForm } from "./email-link-form";
import { FormMessage } from "./form-message";
import { accountMessages } from "./messages";
import { takeRememberedNext } from "./remembered-next";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** Where an email link lands: what it did, and a way to get a new one. */
export function VerifyEmailPage({
  outcome,
  isSignedIn,
}: {
  outcome: VerifyEmailOutcome | null;
  isSignedIn: boolean;
}) {
  const m = useMessages(accountMessages);
  const reported = useRef(false);
  // Where the visitor was going when they signed up (read after hydration: it is in storage).
  const [rememberedNext, setRememberedNext] = useState<string>();
  useEffect(() => {
    if (outcome?.kind === "verified") setRememberedNext(takeRememberedNext());
  }, [outcome]);

  // A changed address updates the header and other tabs.
  useEffect(() => {
    if (outcome?.kind === "changed" && !reported.current) {
      reported.current = true;
      void emitAuthEvent("USER_UPDATED");
    }
  }, [outcome]);

  const next = isSignedIn ? (
    <Button asChild variant="hero" size="lg">
      <LocaleLink to={rememberedNext ?? "/app"}>{m.verifyEmail.toAccount}</LocaleLink>
    </Button>
  ) : (
    <Button asChild variant="hero" size="lg">
      <LocaleLink
        to={rememberedNext ? `/sign-in?next=${encodeURIComponent(rememberedNext)}` : "/sign-in"}
      >
        {m.verifyEmail.toSignIn}
      </LocaleLink>
    </Button>
  );

  if (outcome && outcome.kind !== "invalid") {
    const texts =
      outcome.kind === "verified"
        ? m.verifyEmail.verified
        : outcome.kind === "changeConfirmed"
          ? m.verifyEmail.changeConfirmed
          : { title: m.verifyEmail.changed.title, text: m.verifyEmail.changed.text(outcome.email) };
    return (
      <AuthCard icon={MailCheck} title={texts.title}>
        <div className="flex flex-col gap-5">
          <FormMessage tone="success">{texts.text}</FormMessage>
          {next}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={outcome ? MailX : MailQuestion}
      title={outcome ? m.verifyEmail.invalid.title : m.verifyEmail.resend.title}
      intro={outcome ? m.verifyEmail.invalid.text : m.verifyEmail.resend.text}
      footer={
        <LocaleLink to="/sign-in" className={linkClass}>
          {m.forgotPassword.back}
        </LocaleLink>
      }
    >
      <EmailLinkForm
        path="/send-verification-email"
        submitLabel={m.verifyEmail.resend.submit}
        sentText={m.verifyEmail.resend.sent}
      />
    </AuthCard>
  );
}
