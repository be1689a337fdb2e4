import { MailQuestion } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useMessages } from "~/i18n/use-locale";
import { AuthCard } from "./auth-card";
import { EmailLinkForm } from "./email-link-form";
import { accountMessages } from "./messages";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export function ForgotPasswordPage() {
  const m = useMessages(accountMessages);
  return (
    <AuthCard
      icon={MailQuestion}
      title={m.forgotPassword.title}
      intro={m.forgotPassword.intro}
      footer={
        <LocaleLink to="/sign-in" className={linkClass}>
          {m.forgotPassword.back}
        </LocaleLink>
      }
    >
      <EmailLinkForm
        path="/request-password-reset"
        submitLabel={m.forgotPassword.submit}
        sentText={m.forgotPassword.sent}
      />
    </AuthCard>
  );
}
