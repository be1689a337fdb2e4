import { LoaderCircle, LogOut, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import { emitAuthEvent, getCurrentSession, loadSession } from "~/lib/accounts-client";
import type { AccountPageData } from "./account-page-data";
import { NoScriptNotice } from "./auth-card";
import { DeleteAccountSection } from "./delete-account-section";
import { accountMessages } from "./messages";
import { EmailSection, PasswordSection, ProfileSection } from "./profile-sections";
import { SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";
import { useAuthForm } from "./use-auth-form";

/** The owner's account: profile, email, password, two-step verification, devices, deletion. */
export function AccountPage({ data }: { data: AccountPageData }) {
  const m = useMessages(accountMessages);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const signOut = useAuthForm();
  const checked = useRef(false);

  // The page was rendered for a signed-in owner: if this tab did not know yet (signed in
  // elsewhere, or the hint was cleared), tell the header.
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!getCurrentSession()) {
      void loadSession({ force: true }).then((session) => {
        if (session) void emitAuthEvent("SIGNED_IN");
      });
    }
  }, []);

  const onSignOut = () =>
    void signOut.submit(async () => {
      const result = await signOut.request("/sign-out", {});
      if (!result.ok) return signOut.showError(result.error);
      await emitAuthEvent("SIGNED_OUT");
      navigate(localize("/sign-in"), { replace: true });
    });

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12 sm:py-16">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md">
            <UserRound className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h1 className="font-bold text-3xl tracking-tight">{m.account.title}</h1>
            <p className="text-muted-foreground">{m.account.intro}</p>
          </div>
        </div>
        <Button variant="outline" onClick={onSignOut} disabled={signOut.isSubmitting}>
          {signOut.isSubmitting ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {signOut.isSubmitting ? m.account.signingOut : m.account.signOut}
        </Button>
      </header>
      <NoScriptNotice />
      {signOut.notice ? (
        <p role="alert" className="text-destructive text-sm">
          {signOut.notice.text}
        </p>
      ) : null}
      <ProfileSection owner={data.owner} />
      <EmailSection owner={data.owner} />
      <PasswordSection />
      <TwoFactorSection isEnabled={data.owner.twoFactorEnabled} />
      <SessionsSection sessions={data.sessions} />
      <DeleteAccountSection isTwoFactorEnabled={data.owner.twoFactorEnabled} />
    </section>
  );
}
