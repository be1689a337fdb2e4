import type { AcceptedInvitationDto, InvitationInfoDto } from "@jai/contracts/inbox";
import { LogIn, LogOut, MailX, UserPlus, UsersRound } from "lucide-react";
import { useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { localizePath } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { authRequest, emitAuthEvent } from "~/lib/accounts-client";
import { apiRequest } from "~/lib/api-request";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { type WorkspaceTeamMessages, workspaceTeamMessages } from "./messages";
import { LocalDate, Spinner } from "./team-parts";

/** What the invitation page's loader hands the page. */
export type InvitePageData = {
  token: string;
  invitation: InvitationInfoDto;
  /** The invited address in full, for the sign-up form (the link's holder received it there). */
  invitedEmail: string;
  /** The signed-in visitor, if any, and whether they are the invited address. */
  viewer: { email: string; isInvited: boolean; emailVerified: boolean } | null;
};

type Refusal = keyof WorkspaceTeamMessages["invitePage"]["refused"];

/** An accept refused by the server, as one of the page's words (null: its own message). */
function refusalOf(fields: Record<string, string> | undefined): Refusal | "mismatch" | null {
  const reason = fields?.invitation ?? fields?.limit ?? fields?.email;
  if (reason === "expired" || reason === "revoked" || reason === "seats") return reason;
  if (reason === "used") return "accepted";
  if (reason === "mismatch") return "mismatch";
  return null;
}

/**
 * /invite/:token: who invites you where, with which role; then sign in or create an account
 * (back here after), and join. Expired, revoked and used links, and the wrong signed-in address,
 * are said in words.
 */
export function InvitePage({ data }: { data: InvitePageData }) {
  const m = useMessages(workspaceTeamMessages).invitePage;
  const { invitation, viewer } = data;
  const [refusal, setRefusal] = useState<Refusal | "mismatch" | null>(() =>
    invitation.status === "pending" ? null : invitation.status,
  );

  const shown = refusal === "mismatch" || refusal === null ? null : m.refused[refusal];
  return (
    <section className="mx-auto flex w-full max-w-lg flex-col gap-6 px-4 py-12 sm:py-16">
      <Card className="relative overflow-clip shadow-lg shadow-primary/5">
        <div
          className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-primary to-brand-violet"
          aria-hidden="true"
        />
        <CardContent className="flex flex-col gap-5 pt-8">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md">
              {shown ? (
                <MailX className="size-6" aria-hidden="true" />
              ) : (
                <UsersRound className="size-6" aria-hidden="true" />
              )}
            </span>
            <h1 className="break-words font-bold text-2xl tracking-tight">
              {shown ? shown.title : m.title(invitation.workspaceName)}
            </h1>
            <p className="text-muted-foreground">
              {keepThaiWords(
                shown ? shown.text : m.intro(invitation.inviterName, invitation.workspaceName),
              )}
            </p>
          </div>
          {shown ? (
            viewer ? (
              <Button asChild variant="outline">
                <LocaleLink to="/app">{m.toConsole}</LocaleLink>
              </Button>
            ) : null
          ) : (
            <>
              <InvitationFacts invitation={invitation} />
              {viewer ? (
                <SignedIn data={data} refusal={refusal} onRefused={setRefusal} />
              ) : (
                <SignedOut data={data} />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function InvitationFacts({ invitation }: { invitation: InvitationInfoDto }) {
  const t = useMessages(workspaceTeamMessages);
  const m = t.invitePage;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-muted p-4 text-sm">
      <dt className="text-muted-foreground">{m.role}</dt>
      <dd>
        <span className="font-medium" data-testid="invite-role">
          {t.roles[invitation.role]}
        </span>
        <span className="block text-muted-foreground text-xs">
          {keepThaiWords(t.roleHelp[invitation.role])}
        </span>
      </dd>
      <dt className="text-muted-foreground">{m.sentTo}</dt>
      <dd className="break-all font-medium">{invitation.email}</dd>
      <dt className="text-muted-foreground">{m.expiresOn}</dt>
      <dd>
        <LocalDate iso={invitation.expiresAt} withTime />
      </dd>
    </dl>
  );
}

function SignedOut({ data }: { data: InvitePageData }) {
  const m = useMessages(workspaceTeamMessages).invitePage;
  const locale = useLocale();
  const back = encodeURIComponent(localizePath(`/invite/${data.token}`, locale));
  const email = encodeURIComponent(data.invitedEmail);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-sm">{keepThaiWords(m.signedOut)}</p>
      <Button asChild variant="hero" size="lg">
        <LocaleLink to={`/sign-up?next=${back}&email=${email}`}>
          <UserPlus aria-hidden="true" />
          {m.signUp}
        </LocaleLink>
      </Button>
      <Button asChild variant="outline" size="lg">
        <LocaleLink to={`/sign-in?next=${back}`}>
          <LogIn aria-hidden="true" />
          {m.signIn}
        </LocaleLink>
      </Button>
    </div>
  );
}

function SignedIn({
  data,
  refusal,
  onRefused,
}: {
  data: InvitePageData;
  refusal: Refusal | "mismatch" | null;
  onRefused: (refusal: Refusal | "mismatch") => void;
}) {
  const t = useMessages(workspaceTeamMessages);
  const m = t.invitePage;
  const locale = useLocale();
  const viewer = data.viewer!;
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!viewer.isInvited || refusal === "mismatch") {
    return <Mismatch signedIn={viewer.email} invited={data.invitation.email} />;
  }
  if (!viewer.emailVerified) {
    return (
      <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
        {m.unverified}
      </p>
    );
  }

  const onJoin = async () => {
    setIsPending(true);
    setError(null);
    const result = await apiRequest<AcceptedInvitationDto>(
      `/api/invitations/${data.token}/accept`,
      { method: "POST", locale },
    );
    if (result.ok) {
      // A full load: the console's loaders read the workspace cookie just set.
      window.location.assign(localizePath(result.data.next, locale));
      return;
    }
    setIsPending(false);
    const reason = refusalOf(result.error.fields);
    if (reason) onRefused(reason);
    else
      setError(
        result.error.code === "NETWORK"
          ? t.common.networkError
          : result.error.message || t.common.unknownError,
      );
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-center text-muted-foreground text-sm">{m.signedInAs(viewer.email)}</p>
      {error ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <Button variant="hero" size="lg" onClick={() => void onJoin()} disabled={isPending}>
        {isPending ? <Spinner /> : <UsersRound aria-hidden="true" />}
        {isPending ? m.joining : m.join(data.invitation.workspaceName)}
      </Button>
    </div>
  );
}

function Mismatch({ signedIn, invited }: { signedIn: string; invited: string }) {
  const t = useMessages(workspaceTeamMessages);
  const m = t.invitePage.mismatch;
  const locale = useLocale();
  const [isPending, setIsPending] = useState(false);
  const onSignOut = async () => {
    setIsPending(true);
    const result = await authRequest("/sign-out", { body: {}, locale });
    if (result.ok) {
      await emitAuthEvent("SIGNED_OUT");
      window.location.reload();
      return;
    }
    setIsPending(false);
  };
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <p className="font-semibold">{m.title}</p>
      <p className="break-words text-sm">{m.text(signedIn, invited)}</p>
      <Button variant="outline" onClick={() => void onSignOut()} disabled={isPending}>
        {isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        {m.signOut}
      </Button>
    </div>
  );
}
