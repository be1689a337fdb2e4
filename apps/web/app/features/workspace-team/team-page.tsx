import type { InvitationDto, MemberDto, TeamDto, WorkspaceRole } from "@jai/contracts/inbox";
import { MailPlus, RefreshCw, Trash2, UserMinus, UsersRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/components/ui/toaster";
import { localizePath } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { useApiMutation } from "~/lib/use-api-mutation";
import { type WorkspaceTeamMessages, workspaceTeamMessages } from "./messages";
import { ConfirmDialog, LocalDate, Spinner } from "./team-parts";

/** What the team page's loader hands the page. */
export type TeamPageData = {
  team: TeamDto;
  /** The signed-in member: their own row offers "leave" instead of "remove". */
  me: { userId: string; role: WorkspaceRole };
};

const teamApi = "/api/console/team";

/** The API's field codes of an invitation, in words. */
function emailIssue(code: string | undefined, m: WorkspaceTeamMessages): string | undefined {
  if (!code) return undefined;
  if (code === "member") return m.issues.member;
  if (code === "invited") return m.issues.invited;
  return m.issues.invalidEmail;
}

/** /app/team: seats, inviting by email, members with their roles, waiting invitations. */
export function TeamPage({ data }: { data: TeamPageData }) {
  const m = useMessages(workspaceTeamMessages);
  const { seats } = data.team;
  const isFull = seats.limit !== null && seats.used >= seats.limit;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{m.team.title}</h1>
        <p className="mt-1 text-muted-foreground">{keepThaiWords(m.team.intro)}</p>
      </header>

      <section
        aria-label={m.team.seats(seats.used, seats.limit)}
        className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-card p-4"
      >
        <UsersRound className="size-5 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold" data-testid="team-seats">
            {m.team.seats(seats.used, seats.limit)}
          </p>
          <p className="text-muted-foreground text-sm">
            {keepThaiWords(isFull ? m.team.seatsFull : m.team.seatsHint)}
          </p>
        </div>
        {isFull ? (
          <Button asChild variant="outline" size="sm">
            <LocaleLink to="/pricing">{m.team.seePlans}</LocaleLink>
          </Button>
        ) : null}
      </section>

      <InviteForm isFull={isFull} />
      <MembersList members={data.team.members} me={data.me} />
      <InvitationsList invitations={data.team.invitations} />
    </div>
  );
}

function InviteForm({ isFull }: { isFull: boolean }) {
  const m = useMessages(workspaceTeamMessages);
  const locale = useLocale();
  const id = useId();
  const invite = useApiMutation(m.common);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "agent">("agent");
  const [language, setLanguage] = useState(locale);
  const issue = emailIssue(invite.error?.fields?.email, m);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await invite.run<InvitationDto>(
      "POST",
      `${teamApi}/invitations`,
      { email, role, locale: language },
      { quiet: true },
    );
    if (result?.ok) {
      toast.success(m.invite.sent(result.data.email));
      setEmail("");
    }
  };
  // Errors not about the address (seats, too many emails) show under the form.
  const formError = invite.error && !invite.error.fields?.email ? invite.error.message : null;

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-lg leading-tight">{m.invite.title}</h2>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]" onSubmit={onSubmit} noValidate>
          <div className="space-y-1 sm:col-span-3 md:col-span-1">
            <Label htmlFor={`${id}-email`}>{m.invite.email}</Label>
            <Input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              placeholder={m.invite.emailPlaceholder}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (invite.error) invite.setError(null);
              }}
              aria-invalid={Boolean(issue)}
              aria-describedby={issue ? `${id}-email-error` : undefined}
            />
            {issue ? (
              <p id={`${id}-email-error`} className="text-destructive text-sm">
                {issue}
              </p>
            ) : null}
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-role`}>{m.invite.role}</Label>
            <NativeSelect
              id={`${id}-role`}
              value={role}
              onChange={(event) => setRole(event.target.value === "admin" ? "admin" : "agent")}
              aria-describedby={`${id}-role-help`}
            >
              <option value="agent">{m.roles.agent}</option>
              <option value="admin">{m.roles.admin}</option>
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-language`}>{m.invite.language}</Label>
            <NativeSelect
              id={`${id}-language`}
              value={language}
              onChange={(event) => setLanguage(event.target.value === "th" ? "th" : "en")}
            >
              <option value="th">{m.languages.th}</option>
              <option value="en">{m.languages.en}</option>
            </NativeSelect>
          </div>
          <p id={`${id}-role-help`} className="text-muted-foreground text-sm sm:col-span-3">
            {keepThaiWords(`${m.roleHelp[role]} ${m.invite.expiresNote}`)}
          </p>
          {formError ? (
            <p role="alert" className="text-destructive text-sm sm:col-span-3">
              {formError}
            </p>
          ) : null}
          <div className="sm:col-span-3">
            <Button type="submit" disabled={invite.isPending || isFull}>
              {invite.isPending ? <Spinner /> : <MailPlus aria-hidden="true" />}
              {invite.isPending ? m.invite.sending : m.invite.submit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function MembersList({ members, me }: { members: MemberDto[]; me: TeamPageData["me"] }) {
  const m = useMessages(workspaceTeamMessages);
  return (
    <section aria-labelledby="team-members" className="space-y-3">
      <h2 id="team-members" className="font-semibold text-lg">
        {m.members.title}
      </h2>
      <ul className="divide-y rounded-xl border bg-card">
        {members.map((member) => (
          <MemberRow key={member.userId} member={member} isMe={member.userId === me.userId} />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({ member, isMe }: { member: MemberDto; isMe: boolean }) {
  const m = useMessages(workspaceTeamMessages);
  const locale = useLocale();
  const id = useId();
  const change = useApiMutation(m.common);
  const remove = useApiMutation(m.common);
  const [confirming, setConfirming] = useState(false);
  const isOwner = member.role === "owner";

  const onRole = async (role: "admin" | "agent") => {
    const result = await change.run("PATCH", `${teamApi}/members/${member.userId}`, { role });
    if (result?.ok) toast.success(m.members.roleChanged(member.name, m.roles[role]));
  };
  const onRemove = async () => {
    const result = await remove.run("DELETE", `${teamApi}/members/${member.userId}`, undefined, {
      quiet: true,
      revalidate: !isMe,
    });
    if (!result?.ok) return;
    setConfirming(false);
    if (isMe) {
      // Leaving: this workspace is no longer the browser's; the console opens on another one.
      window.location.assign(localizePath("/app", locale));
      return;
    }
    toast.success(m.members.removed(member.name));
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4" data-testid="team-member">
      <div className="min-w-0 flex-1 basis-56">
        <p className="break-words font-medium">
          {member.name}
          {isMe ? <span className="text-muted-foreground"> ({m.members.you})</span> : null}
        </p>
        <p className="break-all text-muted-foreground text-sm">{member.email}</p>
        <p className="text-muted-foreground text-xs">
          {m.members.joined} <LocalDate iso={member.joinedAt} />
        </p>
      </div>
      {isOwner || isMe ? (
        <Badge variant={isOwner ? "default" : "secondary"}>{m.roles[member.role]}</Badge>
      ) : (
        <div className="w-36">
          <label htmlFor={`${id}-role`} className="sr-only">
            {m.members.roleOf(member.name)}
          </label>
          <NativeSelect
            id={`${id}-role`}
            value={member.role}
            disabled={change.isPending}
            onChange={(event) => void onRole(event.target.value === "admin" ? "admin" : "agent")}
          >
            <option value="agent">{m.roles.agent}</option>
            <option value="admin">{m.roles.admin}</option>
          </NativeSelect>
        </div>
      )}
      {isOwner ? null : (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          <UserMinus aria-hidden="true" />
          {isMe ? m.members.leave : m.members.remove}
          {isMe ? null : <span className="sr-only">{member.name}</span>}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.setError(null);
        }}
        title={isMe ? m.members.leaveTitle : m.members.removeTitle(member.name)}
        text={isMe ? m.members.leaveText : m.members.removeText}
        confirmLabel={isMe ? m.members.leave : m.members.remove}
        pendingLabel={m.members.removing}
        cancelLabel={m.common.cancel}
        isPending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => void onRemove()}
      />
    </li>
  );
}

function InvitationsList({ invitations }: { invitations: InvitationDto[] }) {
  const m = useMessages(workspaceTeamMessages);
  return (
    <section aria-labelledby="team-invitations" className="space-y-3">
      <h2 id="team-invitations" className="font-semibold text-lg">
        {m.invitations.title}
      </h2>
      {invitations.length === 0 ? (
        <p className="text-muted-foreground">{m.invitations.empty}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationDto }) {
  const m = useMessages(workspaceTeamMessages);
  const resend = useApiMutation(m.common);
  const revoke = useApiMutation(m.common);
  const [confirming, setConfirming] = useState(false);
  // Decided on the server's clock at render; a page left open shows it on its next reload.
  const [isExpired] = useState(() => new Date(invitation.expiresAt).getTime() <= Date.now());
  const base = `${teamApi}/invitations/${invitation.id}`;

  const onResend = async () => {
    const result = await resend.run("POST", `${base}/resend`);
    if (result?.ok) toast.success(m.invitations.resent(invitation.email));
  };
  const onRevoke = async () => {
    const result = await revoke.run("DELETE", base, undefined, { quiet: true });
    if (!result?.ok) return;
    setConfirming(false);
    toast.success(m.invitations.revoked(invitation.email));
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4" data-testid="team-invitation">
      <div className="min-w-0 flex-1 basis-56">
        <p className="break-all font-medium">{invitation.email}</p>
        <p className="text-muted-foreground text-sm">
          {m.roles[invitation.role]}
          {invitation.invitedBy ? ` · ${m.invitations.invitedBy(invitation.invitedBy)}` : null}
        </p>
        <p className="text-muted-foreground text-xs">
          {isExpired ? (
            <Badge variant="outline">{m.invitations.expired}</Badge>
          ) : (
            <>
              {m.invitations.expires} <LocalDate iso={invitation.expiresAt} withTime />
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onResend()}
          disabled={resend.isPending}
        >
          {resend.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {m.invitations.resend}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          {m.invitations.revoke}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) revoke.setError(null);
        }}
        title={m.invitations.revokeTitle(invitation.email)}
        text={m.invitations.revokeText}
        confirmLabel={m.invitations.revoke}
        pendingLabel={m.invitations.revoking}
        cancelLabel={m.common.cancel}
        isPending={revoke.isPending}
        error={revoke.error?.message}
        onConfirm={() => void onRevoke()}
      />
    </li>
  );
}
