import type { LineChannelDto, LineQuotaDto } from "@jai/contracts/channels";
import { describeDeliveryProblem } from "@jai/contracts/delivery-problems";
import { AlertTriangle, CheckCircle2, Copy, MessageSquareText } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { localeTag } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { ChannelConnectionActions } from "./channel-connection-parts";
import { channelsMessages } from "./channels-messages";
import { consoleRequest } from "./console-api";
import { FieldError, Spinner } from "./console-parts";
import { lineMessages } from "./line-messages";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";

type Fields = Partial<Record<"channelId" | "channelSecret" | "accessToken" | "line", string>>;

/**
 * Console → Channels → LINE: the step-by-step help and the form (channel ID, secret, long-lived
 * token), checked with LINE when sent; once connected, the account, the webhook URL to paste
 * back, whether LINE's verification arrived, this month's replies and pushes, and the quota.
 */
export function LineCard({ botId, line }: { botId: string; line: LineChannelDto }) {
  const m = useMessages(lineMessages);
  const c = useMessages(channelsMessages);
  const common = useMessages(consoleMessages).common;
  const locale = useLocale();
  const id = useId();
  const revalidator = useRevalidator();
  const [fields, setFields] = useState<Fields>({});
  const [isPending, setIsPending] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [quota, setQuota] = useState<LineQuotaDto | null>(null);
  const [quotaState, setQuotaState] = useState<"idle" | "loading" | "failed">("idle");
  const number = (value: number) => new Intl.NumberFormat(localeTag(locale)).format(value);

  async function onConnect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const form = new FormData(event.currentTarget);
    setIsPending(true);
    setFields({});
    try {
      const result = await consoleRequest<LineChannelDto>(`/bots/${botId}/channels/line`, {
        method: "PUT",
        locale,
        body: {
          channelId: String(form.get("channelId") ?? ""),
          channelSecret: String(form.get("channelSecret") ?? ""),
          accessToken: String(form.get("accessToken") ?? ""),
        },
      });
      if (result.ok) {
        toast.success(m.connected);
        setReconnecting(false);
        await revalidator.revalidate();
        return;
      }
      const shown = explain(result.error.fields ?? {});
      setFields(shown);
      const first = Object.values(shown)[0];
      toast.error(
        result.error.code === "PLAN_LIMIT_REACHED"
          ? c.widget.limitReached
          : (first ??
              (result.error.code === "NETWORK" ? common.networkError : result.error.message)),
      );
    } finally {
      setIsPending(false);
    }
  }

  /** The server's issue codes, in the owner's words for each field. */
  function explain(issues: Record<string, string>): Fields {
    const shown: Fields = {};
    if (issues.channelId) {
      shown.channelId =
        issues.channelId === "mismatch" ? m.issues.mismatch : m.issues.invalidChannelId;
    }
    if (issues.channelSecret) shown.channelSecret = m.issues.invalidChannelSecret;
    if (issues.accessToken) {
      shown.accessToken =
        issues.accessToken === "refused" ? m.issues.refused : m.issues.invalidAccessToken;
    }
    if (issues.line) shown.line = m.issues.unreachable;
    return shown;
  }

  async function checkQuota() {
    setQuotaState("loading");
    const result = await consoleRequest<LineQuotaDto>(`/bots/${botId}/channels/line/quota`, {
      method: "GET",
      locale,
    });
    if (result.ok) {
      setQuota(result.data);
      setQuotaState("idle");
    } else {
      setQuotaState("failed");
    }
  }

  const connected = line.status !== "not_connected" ? line : null;
  const showForm = !connected || reconnecting || connected.status === "error";

  return (
    <Card data-testid="line-card">
      <CardContent className="space-y-4">
        <h2 className="flex items-center gap-2 font-semibold text-lg">
          <MessageSquareText className="size-5" aria-hidden="true" />
          {m.title}
          {connected ? (
            <span
              className={
                connected.status === "connected"
                  ? "rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 text-xs"
                  : "rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs"
              }
            >
              {connected.status === "connected" ? m.statusConnected : m.statusError}
            </span>
          ) : null}
        </h2>
        <p className="text-muted-foreground text-sm">{m.intro}</p>

        {connected ? (
          <div className="space-y-4">
            <div className="flex items-center gap-3">
              {connected.account.pictureUrl ? (
                <img
                  src={connected.account.pictureUrl}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 rounded-full border bg-muted object-cover"
                  referrerPolicy="no-referrer"
                  // LINE's CDN unreachable: no broken-image icon, the name says enough.
                  onError={(event) => {
                    event.currentTarget.hidden = true;
                  }}
                />
              ) : null}
              <div className="min-w-0 text-sm">
                <p className="font-medium" data-testid="line-account">
                  {connected.account.displayName}{" "}
                  <span className="text-muted-foreground">{connected.account.basicId}</span>
                </p>
                <p className="text-muted-foreground">
                  Channel ID {connected.channelId} ·{" "}
                  {m.keys(connected.secretLast4, connected.tokenLast4)}
                </p>
              </div>
            </div>
            {connected.lastError ? (
              <p role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive text-sm">
                {describeDeliveryProblem(connected.lastError, locale)}
              </p>
            ) : null}

            <div className="space-y-2">
              <Label htmlFor={`${id}-webhook`}>{m.webhookUrl}</Label>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  id={`${id}-webhook`}
                  className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm"
                  data-testid="line-webhook-url"
                >
                  {connected.webhookUrl}
                </code>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    navigator.clipboard.writeText(connected.webhookUrl).then(
                      () => toast.success(c.copied),
                      () => toast.error(c.copyFailed),
                    )
                  }
                >
                  <Copy aria-hidden="true" />
                  {c.copy}
                </Button>
              </div>
              <p className="text-muted-foreground text-xs">{m.webhookHelp}</p>
              <p className="flex items-start gap-2 text-sm" data-testid="line-verification">
                {connected.webhookVerifiedAt ? (
                  <>
                    <CheckCircle2
                      className="mt-0.5 size-4 shrink-0 text-emerald-700"
                      aria-hidden="true"
                    />
                    <span>
                      {m.verified} · <LocalTime iso={connected.webhookVerifiedAt} />
                    </span>
                  </>
                ) : (
                  <span className="text-muted-foreground">{m.waiting}</span>
                )}
              </p>
              {connected.signatureFailedAt &&
              (!connected.webhookVerifiedAt ||
                connected.signatureFailedAt > connected.webhookVerifiedAt) ? (
                <p role="alert" className="flex items-start gap-2 text-amber-900 text-sm">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {m.signatureFailed}
                </p>
              ) : null}
            </div>

            <div className="grid gap-3 sm:grid-cols-2">
              <div className="rounded-lg border p-3 text-sm" data-testid="line-sent">
                <p className="font-medium">{m.sentTitle}</p>
                <p>{m.sentReplies(connected.sentThisMonth.reply)}</p>
                <p>{m.sentPushes(connected.sentThisMonth.push)}</p>
                {connected.ignoredEvents > 0 ? (
                  <p className="text-muted-foreground">{m.ignored(connected.ignoredEvents)}</p>
                ) : null}
              </div>
              <div className="rounded-lg border p-3 text-sm" data-testid="line-quota">
                <p className="font-medium">{m.quotaTitle}</p>
                {quota ? (
                  <>
                    <p>
                      {quota.type === "limited" && quota.limit !== null
                        ? m.quotaLimited(number(quota.used), number(quota.limit))
                        : m.quotaUnlimited(number(quota.used))}
                    </p>
                    {quota.type === "limited" && quota.limit ? (
                      <div
                        className="mt-1 h-2 overflow-hidden rounded bg-muted"
                        role="progressbar"
                        aria-valuemin={0}
                        aria-valuemax={quota.limit}
                        aria-valuenow={quota.used}
                        aria-label={m.quotaTitle}
                      >
                        <div
                          className="h-full bg-primary"
                          style={{ width: `${Math.min(100, (quota.used / quota.limit) * 100)}%` }}
                        />
                      </div>
                    ) : null}
                    <p className="text-muted-foreground">
                      {m.quotaByBot(number(quota.pushedByBot))}
                    </p>
                  </>
                ) : quotaState === "failed" ? (
                  <p role="alert" className="text-destructive">
                    {m.quotaFailed}
                  </p>
                ) : null}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  onClick={checkQuota}
                  disabled={quotaState === "loading"}
                >
                  {quotaState === "loading" ? <Spinner /> : null}
                  {quotaState === "loading" ? m.quotaChecking : m.quotaCheck}
                </Button>
              </div>
            </div>

            <ChannelConnectionActions
              path={`/bots/${botId}/channels/line`}
              labels={m}
              showReconnect={!showForm}
              onReconnect={() => setReconnecting(true)}
              onDisconnected={() => toast.success(m.disconnected)}
            />
          </div>
        ) : null}

        {showForm ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-2 text-sm">
              <h3 className="font-medium">{m.stepsTitle}</h3>
              <ol className="list-decimal space-y-1.5 ps-5 text-muted-foreground">
                {m.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
            <form className="space-y-3" onSubmit={onConnect} noValidate>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-channel-id`}>{m.channelId}</Label>
                <Input
                  id={`${id}-channel-id`}
                  name="channelId"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  aria-invalid={fields.channelId ? true : undefined}
                  aria-describedby={fields.channelId ? `${id}-channel-id-error` : undefined}
                />
                <FieldError id={`${id}-channel-id-error`} message={fields.channelId} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-secret`}>{m.channelSecret}</Label>
                <Input
                  id={`${id}-secret`}
                  name="channelSecret"
                  type="password"
                  autoComplete="off"
                  required
                  aria-invalid={fields.channelSecret ? true : undefined}
                  aria-describedby={`${id}-secret-help${fields.channelSecret ? ` ${id}-secret-error` : ""}`}
                />
                <p id={`${id}-secret-help`} className="text-muted-foreground text-xs">
                  {m.secretHelp}
                </p>
                <FieldError id={`${id}-secret-error`} message={fields.channelSecret} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-token`}>{m.accessToken}</Label>
                <Input
                  id={`${id}-token`}
                  name="accessToken"
                  type="password"
                  autoComplete="off"
                  required
                  aria-invalid={fields.accessToken ? true : undefined}
                  aria-describedby={fields.accessToken ? `${id}-token-error` : undefined}
                />
                <FieldError id={`${id}-token-error`} message={fields.accessToken} />
              </div>
              {fields.line ? (
                <p role="alert" className="text-destructive text-sm">
                  {fields.line}
                </p>
              ) : null}
              <Button type="submit" disabled={isPending}>
                {isPending ? <Spinner /> : null}
                {isPending ? m.connecting : m.connect}
              </Button>
            </form>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
