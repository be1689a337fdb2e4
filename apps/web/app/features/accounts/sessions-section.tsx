import { LaptopMinimal, LoaderCircle, LogOut } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import type { AccountPageData } from "./account-page-data";
import { AccountSection } from "./account-section";
import { describeUserAgent } from "./describe-user-agent";
import { FormMessage } from "./form-message";
import { LocalTime } from "./local-time";
import { accountMessages } from "./messages";
import { useAuthForm } from "./use-auth-form";

/** The browsers signed in to the account, this one first; any other can be signed out. */
export function SessionsSection({ sessions }: { sessions: AccountPageData["sessions"] }) {
  const m = useMessages(accountMessages);
  const s = m.account.sessions;
  const form = useAuthForm();
  const revalidator = useRevalidator();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const ordered = [...sessions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
  const others = sessions.filter((session) => !session.isCurrent);

  const revoke = (sessionId: string | "others") =>
    void form.submit(async () => {
      setPendingId(sessionId);
      const result =
        sessionId === "others"
          ? await form.request("/revoke-other-sessions", {})
          : await form.request("/revoke-session", { sessionId });
      setPendingId(null);
      if (!result.ok) return form.showError(result.error);
      form.setNotice({
        tone: "success",
        text: sessionId === "others" ? s.revokedOthers : s.revoked,
      });
      await revalidator.revalidate();
    });

  return (
    <AccountSection id="sessions" title={s.title} intro={s.intro}>
      <div className="flex flex-col gap-4">
        {form.notice ? <FormMessage tone={form.notice.tone}>{form.notice.text}</FormMessage> : null}
        <ul className="divide-y rounded-lg border" data-testid="session-list">
          {ordered.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 p-3">
              <LaptopMinimal className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {describeUserAgent(session.userAgent) ?? s.unknownDevice}
                  {session.isCurrent ? <Badge variant="secondary">{s.thisDevice}</Badge> : null}
                </p>
                <p className="text-muted-foreground text-xs">
                  {s.signedIn} <LocalTime iso={session.createdAt} /> · {s.lastActive}{" "}
                  <LocalTime iso={session.updatedAt} />
                </p>
              </div>
              {session.isCurrent ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={form.isSubmitting}
                  onClick={() => revoke(session.id)}
                >
                  {pendingId === session.id ? (
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                  ) : (
                    <LogOut aria-hidden="true" />
                  )}
                  {s.revoke}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={form.isSubmitting}
            onClick={() => revoke("others")}
          >
            {pendingId === "others" ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : null}
            {s.revokeOthers}
          </Button>
        ) : (
          <p className="text-muted-foreground text-sm">{s.onlyThis}</p>
        )}
      </div>
    </AccountSection>
  );
}
