import type { TiktokChannelDto } from "@jai/contracts/channels";
import { describeDeliveryProblem } from "@jai/contracts/delivery-problems";
import { AlertTriangle, CheckCircle2, Clock, Copy, Music2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { ChannelConnectionActions, ChannelSentCount } from "./channel-connection-parts";
import { channelsMessages } from "./channels-messages";
import { consoleRequest } from "./console-api";
import { Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";
import { ChannelPicture, FormAlert, KeyEnds, TextField } from "./meta-card";
import { tiktokMessages } from "./tiktok-messages";

type FieldName = "appId" | "appSecret" | "businessId" | "accessToken" | "tiktok";
type Fields = Partial<Record<FieldName, string>>;

/**
 * Console → Channels → TikTok: TikTok's approval said plainly, the steps, the form (App ID, App
 * secret, business account ID, access token), checked with TikTok when sent (its own answer
 * shown when it refuses). Once connected: the account, the webhook URL, whether a signed event
 * arrived, the 48-hour reply window, this month's messages, reconnect and disconnect.
 */
export function TiktokCard({ botId, tiktok }: { botId: string; tiktok: TiktokChannelDto }) {
  const m = useMessages(tiktokMessages);
  const c = useMessages(channelsMessages);
  const common = useMessages(consoleMessages).common;
  const locale = useLocale();
  const id = useId();
  const revalidator = useRevalidator();
  const [fields, setFields] = useState<Fields>({});
  // An error about no field in particular, kept in the card (the toast goes away).
  const [otherError, setOtherError] = useState<{ message: string; isLimit: boolean } | null>(null);
  // TikTok's own words when it refuses (e.g. the account is not approved for messaging).
  const [answer, setAnswer] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [status, setStatus] = useState("");
  const path = `/bots/${botId}/channels/tiktok`;

  async function onConnect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? "");
    setIsPending(true);
    setFields({});
    setAnswer(null);
    setOtherError(null);
    setStatus("");
    try {
      const result = await consoleRequest<TiktokChannelDto>(path, {
        method: "PUT",
        locale,
        body: {
          appId: text("appId"),
          appSecret: text("appSecret"),
          businessId: text("businessId"),
          accessToken: text("accessToken"),
        },
      });
      if (result.ok) {
        // Nothing secret stays in the page: the form is emptied before it goes away.
        formElement.reset();
        setReconnecting(false);
        setStatus(m.connected);
        toast.success(m.connected);
        await revalidator.revalidate();
        return;
      }
      const issues = result.error.fields ?? {};
      const shown = explain(issues);
      setFields(shown);
      // TikTok's own words travel in a field (the API's message is always a translated one).
      setAnswer(issues.tiktokAnswer ?? null);
      const message =
        result.error.code === "PLAN_LIMIT_REACHED"
          ? c.widget.limitReached
          : (Object.values(shown)[0] ??
            (result.error.code === "NETWORK"
              ? common.networkError
              : result.error.message || common.unknownError));
      if (Object.keys(shown).length === 0) {
        setOtherError({ message, isLimit: result.error.code === "PLAN_LIMIT_REACHED" });
      }
      setStatus(message);
      toast.error(message);
    } finally {
      setIsPending(false);
    }
  }

  /** The server's issue codes in the owner's words, next to the field they are about. */
  function explain(issues: Record<string, string>): Fields {
    const shown: Fields = {};
    if (issues.appId) shown.appId = m.issues.invalidAppId;
    if (issues.appSecret) shown.appSecret = m.issues.invalidAppSecret;
    if (issues.businessId) shown.businessId = m.issues.invalidBusinessId;
    if (issues.accessToken) {
      shown.accessToken =
        issues.accessToken === "refused" ? m.issues.tokenRefused : m.issues.invalidAccessToken;
    }
    if (issues.tiktok) {
      shown.tiktok =
        issues.tiktok === "unreachable"
          ? m.issues.unreachable
          : issues.tiktok === "notApproved"
            ? m.issues.notApproved
            : m.issues.refused;
    }
    return shown;
  }

  const connected = tiktok.status !== "not_connected" ? tiktok : null;
  const showForm = !connected || reconnecting;
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast.success(c.copied),
      () => toast.error(c.copyFailed),
    );
  // A token refused is said next to its field; what concerns the whole account, above TikTok's
  // own answer.
  const formError = fields.tiktok ?? null;

  return (
    <Card data-testid="tiktok-card">
      <CardContent className="space-y-4">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold text-lg">
          {/* lucide has no brand marks: a note, for TikTok's music. */}
          <Music2 className="size-5" aria-hidden="true" />
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
        <p className="text-muted-foreground text-sm">{keepThaiWords(m.intro)}</p>
        {/* Before anything is typed (an approved account needs no warning once connected). */}
        {showForm ? (
          <p
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
            data-testid="tiktok-approval"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{keepThaiWords(m.approval)}</span>
          </p>
        ) : null}
        <p className="flex items-start gap-2 text-sm">
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{keepThaiWords(m.window)}</span>
        </p>
        {/* What the last action did, for screen readers (the toast may be gone). */}
        <p className="sr-only" aria-live="polite" data-testid="tiktok-status">
          {status}
        </p>

        {connected ? (
          <div className="space-y-4">
            <div className="flex items-center gap-3">
              <ChannelPicture url={connected.account.pictureUrl} />
              <div className="min-w-0 text-sm">
                <p className="break-words font-medium" data-testid="tiktok-account">
                  {connected.account.displayName}
                  {connected.account.username ? (
                    <span className="text-muted-foreground"> @{connected.account.username}</span>
                  ) : null}
                </p>
                <KeyEnds
                  parts={[
                    m.businessLine(connected.businessId),
                    `${m.appId} …${connected.appIdLast4}`,
                    `${m.appSecret} …${connected.secretLast4}`,
                    `${m.tokenShort} …${connected.tokenLast4}`,
                  ]}
                />
              </div>
            </div>

            {connected.status === "error" || connected.lastError ? (
              <div
                role="alert"
                className="space-y-2 rounded-md bg-destructive/10 p-3 text-destructive text-sm"
              >
                <p className="font-medium">{m.lastErrorTitle}</p>
                {connected.lastError ? (
                  <p className="break-words" data-testid="tiktok-last-error">
                    {describeDeliveryProblem(connected.lastError, locale)}
                  </p>
                ) : null}
                {connected.status === "error" && !reconnecting ? (
                  <Button type="button" size="sm" onClick={() => setReconnecting(true)}>
                    {m.reconnect}
                  </Button>
                ) : null}
              </div>
            ) : null}

            <div className="space-y-2">
              <Label htmlFor={`${id}-webhook`}>{m.webhookUrl}</Label>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  id={`${id}-webhook`}
                  className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm"
                  data-testid="tiktok-webhook-url"
                >
                  {connected.webhookUrl}
                </code>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`${c.copy}: ${m.webhookUrl}`}
                  onClick={() => copy(connected.webhookUrl)}
                >
                  <Copy aria-hidden="true" />
                  {c.copy}
                </Button>
              </div>
              <p className="text-muted-foreground text-xs">{keepThaiWords(m.webhookHelp)}</p>
              <p className="flex items-start gap-2 text-sm" data-testid="tiktok-verification">
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
                  <span className="text-muted-foreground">{keepThaiWords(m.waiting)}</span>
                )}
              </p>
              {connected.signatureFailedAt &&
              (!connected.webhookVerifiedAt ||
                connected.signatureFailedAt > connected.webhookVerifiedAt) ? (
                <p role="alert" className="flex items-start gap-2 text-amber-900 text-sm">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{keepThaiWords(m.signatureFailed)}</span>
                </p>
              ) : null}
            </div>

            <ChannelSentCount testId="tiktok-sent" locale={locale} counts={connected} labels={m} />

            <ChannelConnectionActions
              path={path}
              labels={m}
              showReconnect={connected.status === "connected" && !reconnecting}
              onReconnect={() => setReconnecting(true)}
              onDisconnected={() => {
                setReconnecting(false);
                setStatus(m.disconnected);
                toast.success(m.disconnected);
              }}
            />
          </div>
        ) : null}

        {showForm ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="min-w-0 space-y-2 text-sm">
              <h3 className="font-medium">{m.stepsTitle}</h3>
              <ol className="list-decimal space-y-1.5 break-words ps-5 text-muted-foreground">
                {m.steps.map((step) => (
                  <li key={step}>{keepThaiWords(step)}</li>
                ))}
              </ol>
            </div>
            <form className="min-w-0 space-y-3" onSubmit={onConnect} noValidate>
              <TextField id={`${id}-app-id`} name="appId" label={m.appId} error={fields.appId} />
              <TextField
                id={`${id}-secret`}
                name="appSecret"
                label={m.appSecret}
                help={m.secretHelp}
                error={fields.appSecret}
                secret
              />
              <TextField
                id={`${id}-business-id`}
                name="businessId"
                label={m.businessId}
                error={fields.businessId}
                defaultValue={connected?.businessId}
              />
              <TextField
                id={`${id}-token`}
                name="accessToken"
                label={m.accessToken}
                help={m.secretHelp}
                error={fields.accessToken}
                secret
              />
              {formError || answer ? (
                <div
                  role="alert"
                  className="space-y-1 rounded-md bg-destructive/10 p-3 text-destructive text-sm"
                  data-testid="tiktok-refusal"
                >
                  {formError ? <p>{keepThaiWords(formError)}</p> : null}
                  {answer ? (
                    <>
                      <p className="font-medium">{m.tiktokAnswer}</p>
                      <blockquote
                        lang="en"
                        className="break-words border-destructive/40 border-s-2 ps-2"
                        data-testid="tiktok-answer"
                      >
                        {answer}
                      </blockquote>
                    </>
                  ) : null}
                </div>
              ) : null}
              <FormAlert
                message={otherError?.message ?? null}
                isLimit={otherError?.isLimit ?? false}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={isPending}>
                  {isPending ? <Spinner /> : null}
                  {isPending ? m.connecting : m.connect}
                </Button>
                {connected && reconnecting ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => {
                      setReconnecting(false);
                      setFields({});
                      setAnswer(null);
                      setOtherError(null);
                    }}
                  >
                    {m.cancelReconnect}
                  </Button>
                ) : null}
              </div>
            </form>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
