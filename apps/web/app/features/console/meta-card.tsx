import type {
  MetaChannelDto,
  MetaChannelKind,
  MetaConnectResultDto,
} from "@jai/contracts/channels";
import { describeDeliveryProblem } from "@jai/contracts/delivery-problems";
import { AlertTriangle, Camera, CheckCircle2, Copy, KeyRound, MessageCircle } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { ChannelConnectionActions, ChannelSentCount } from "./channel-connection-parts";
import { channelsMessages } from "./channels-messages";
import { consoleRequest } from "./console-api";
import { FieldError, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";
import { metaMessages } from "./meta-messages";
import { useConsoleMutation } from "./use-console-mutation";

type FieldName = "pageId" | "pageAccessToken" | "appSecret" | "instagramAccountId" | "meta";
type Fields = Partial<Record<FieldName, string>>;

/**
 * Console → Channels → Messenger or Instagram (`channel`): the steps in words and the form (Page
 * ID, Page access token, App secret, the Instagram account for Instagram, the Human Agent
 * permission), checked with the Graph API when sent. Once connected: the Page (and Instagram
 * account), the callback URL and the verify token to paste into Meta (the token shown only in
 * the answer that made it), the fields to subscribe, whether Meta's verification arrived, the
 * permission, this month's messages, reconnect and disconnect.
 */
export function MetaCard({
  botId,
  channel,
  state,
}: {
  botId: string;
  channel: MetaChannelKind;
  state: MetaChannelDto;
}) {
  const m = useMessages(metaMessages);
  const t = m[channel];
  const c = useMessages(channelsMessages);
  const common = useMessages(consoleMessages).common;
  const locale = useLocale();
  const id = useId();
  const revalidator = useRevalidator();
  const [fields, setFields] = useState<Fields>({});
  // An error about no field in particular, kept in the card (the toast goes away).
  const [formError, setFormError] = useState<{ message: string; isLimit: boolean } | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  // The verify token lives only here, from the answer that made it: a reload forgets it.
  const [verifyToken, setVerifyToken] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  // The permission as just ticked, until the page's data says so (or the change failed).
  const [humanAgent, setHumanAgent] = useState<boolean | null>(null);
  const update = useConsoleMutation();
  const rotate = useConsoleMutation();
  const path = `/bots/${botId}/channels/${channel}`;
  const testId = (name: string) => `${channel}-${name}`;

  async function onConnect(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? "");
    setIsPending(true);
    setFields({});
    setFormError(null);
    setStatus("");
    try {
      const result = await consoleRequest<MetaConnectResultDto>(path, {
        method: "PUT",
        locale,
        body: {
          pageId: text("pageId"),
          pageAccessToken: text("pageAccessToken"),
          appSecret: text("appSecret"),
          humanAgentTag: form.get("humanAgentTag") === "on",
          ...(channel === "instagram" ? { instagramAccountId: text("instagramAccountId") } : {}),
        },
      });
      if (result.ok) {
        // Nothing secret stays in the page: the form is emptied before it goes away.
        formElement.reset();
        setVerifyToken(result.data.verifyToken);
        setReconnecting(false);
        setStatus(t.connected);
        toast.success(t.connected);
        await revalidator.revalidate();
        return;
      }
      const shown = explain(result.error.fields ?? {});
      setFields(shown);
      const message =
        result.error.code === "PLAN_LIMIT_REACHED"
          ? c.widget.limitReached
          : (Object.values(shown)[0] ??
            (result.error.code === "NETWORK"
              ? common.networkError
              : result.error.message || common.unknownError));
      if (Object.keys(shown).length === 0) {
        setFormError({ message, isLimit: result.error.code === "PLAN_LIMIT_REACHED" });
      }
      setStatus(message);
      toast.error(message);
    } finally {
      setIsPending(false);
    }
  }

  /** The server's issue codes ("refused", "mismatch", zod's "invalid" …) in the owner's words. */
  function explain(issues: Record<string, string>): Fields {
    const shown: Fields = {};
    if (issues.pageId) {
      shown.pageId = issues.pageId === "mismatch" ? m.issues.mismatch : m.issues.invalidPageId;
    }
    if (issues.pageAccessToken) {
      shown.pageAccessToken =
        issues.pageAccessToken === "refused" ? m.issues.refused : m.issues.invalidAccessToken;
    }
    if (issues.appSecret) shown.appSecret = m.issues.invalidAppSecret;
    if (issues.instagramAccountId) {
      shown.instagramAccountId =
        issues.instagramAccountId === "refused"
          ? m.issues.instagramRefused
          : m.issues.invalidInstagramAccountId;
    }
    if (issues.meta) shown.meta = m.issues.unreachable;
    return shown;
  }

  async function onRotate() {
    const result = await rotate.run<MetaConnectResultDto>("POST", `${path}/verify-token`);
    if (result?.ok) {
      setVerifyToken(result.data.verifyToken);
      setStatus(m.newVerifyTokenDone);
    }
  }

  async function onHumanAgent(checked: boolean) {
    setHumanAgent(checked);
    const result = await update.run("PATCH", path, { humanAgentTag: checked });
    setHumanAgent(null);
    if (result?.ok) setStatus(m.humanAgentSaved);
  }

  const connected = state.status !== "not_connected" ? state : null;
  const showForm = !connected || reconnecting;
  // lucide has no brand marks: a camera for Instagram, a speech bubble for Messenger.
  const Icon = channel === "instagram" ? Camera : MessageCircle;
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => toast.success(c.copied),
      () => toast.error(c.copyFailed),
    );

  return (
    <Card data-testid={`${channel}-card`}>
      <CardContent className="space-y-4">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold text-lg">
          <Icon className="size-5" aria-hidden="true" />
          {t.title}
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
        <p className="text-muted-foreground text-sm">{keepThaiWords(t.intro)}</p>
        {/* What the last action did, for screen readers (the toast may be gone). */}
        <p className="sr-only" aria-live="polite" data-testid={testId("status")}>
          {status}
        </p>

        {connected ? (
          <div className="space-y-4">
            <div className="flex items-center gap-3">
              <ChannelPicture url={connected.instagram?.pictureUrl ?? connected.page.pictureUrl} />
              <div className="min-w-0 text-sm">
                <p className="break-words font-medium" data-testid={testId("account")}>
                  {connected.instagram ? `@${connected.instagram.username} · ` : null}
                  {connected.page.name}
                </p>
                <KeyEnds
                  parts={[
                    m.pageLine(connected.page.id),
                    `${m.appSecret} …${connected.appSecretLast4}`,
                    `${m.pageAccessToken} …${connected.tokenLast4}`,
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
                  <p className="break-words" data-testid={testId("last-error")}>
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
              <Label htmlFor={`${id}-callback`}>{m.callbackUrl}</Label>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  id={`${id}-callback`}
                  className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm"
                  data-testid={testId("callback-url")}
                >
                  {connected.callbackUrl}
                </code>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`${c.copy}: ${m.callbackUrl}`}
                  onClick={() => copy(connected.callbackUrl)}
                >
                  <Copy aria-hidden="true" />
                  {c.copy}
                </Button>
              </div>
            </div>

            <div className="space-y-2" data-testid={testId("verify-token")}>
              <Label htmlFor={`${id}-verify-token`}>{m.verifyToken}</Label>
              {verifyToken ? (
                <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
                  <p className="text-amber-900" role="status">
                    {keepThaiWords(m.verifyTokenOnce)}
                  </p>
                  <div className="flex flex-wrap items-center gap-2">
                    <code
                      id={`${id}-verify-token`}
                      className="min-w-0 break-all rounded bg-white px-2 py-1"
                      data-testid={testId("verify-token-value")}
                    >
                      {verifyToken}
                    </code>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={`${c.copy}: ${m.verifyToken}`}
                      onClick={() => copy(verifyToken)}
                    >
                      <Copy aria-hidden="true" />
                      {c.copy}
                    </Button>
                  </div>
                </div>
              ) : (
                <p id={`${id}-verify-token`} className="text-muted-foreground text-sm">
                  {keepThaiWords(m.verifyTokenHidden(connected.verifyTokenLast4))}
                </p>
              )}
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={onRotate}
                disabled={rotate.isPending}
              >
                {rotate.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
                {m.newVerifyToken}
              </Button>
            </div>

            <div className="space-y-2 text-sm">
              <p className="text-muted-foreground">{keepThaiWords(t.webhookHelp)}</p>
              <ul className="flex flex-wrap gap-2" aria-label={m.subscribeTitle}>
                {connected.subscribeFields.map((field) => (
                  <li key={field}>
                    <code className="rounded bg-muted px-2 py-0.5">{field}</code>
                  </li>
                ))}
              </ul>
              <p className="flex items-start gap-2" data-testid={testId("verification")}>
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
                <p role="alert" className="flex items-start gap-2 text-amber-900">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{keepThaiWords(m.signatureFailed)}</span>
                </p>
              ) : null}
            </div>

            <div className="space-y-1 rounded-lg border p-3 text-sm">
              <label className="flex items-start gap-2 font-medium">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0"
                  checked={humanAgent ?? connected.humanAgentTag}
                  disabled={update.isPending}
                  aria-describedby={`${id}-human-agent-help`}
                  onChange={(event) => onHumanAgent(event.target.checked)}
                  data-testid={testId("human-agent")}
                />
                <span>{keepThaiWords(m.humanAgent)}</span>
              </label>
              <p id={`${id}-human-agent-help`} className="text-muted-foreground">
                {keepThaiWords(m.humanAgentHelp)}
              </p>
            </div>

            <ChannelSentCount
              testId={testId("sent")}
              locale={locale}
              counts={connected}
              labels={m}
            />

            <ChannelConnectionActions
              path={path}
              labels={{
                ...m,
                disconnectTitle: t.disconnectTitle,
                disconnectText: t.disconnectText,
              }}
              showReconnect={connected.status === "connected" && !reconnecting}
              onReconnect={() => setReconnecting(true)}
              onDisconnected={() => {
                setVerifyToken(null);
                setReconnecting(false);
                setStatus(t.disconnected);
                toast.success(t.disconnected);
              }}
            />
          </div>
        ) : null}

        {showForm ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="min-w-0 space-y-2 text-sm">
              <h3 className="font-medium">{m.stepsTitle}</h3>
              <ol className="list-decimal space-y-1.5 break-words ps-5 text-muted-foreground">
                {t.steps.map((step) => (
                  <li key={step}>{keepThaiWords(step)}</li>
                ))}
              </ol>
            </div>
            <form className="min-w-0 space-y-3" onSubmit={onConnect} noValidate>
              <TextField
                id={`${id}-page-id`}
                name="pageId"
                label={m.pageId}
                help={m.pageIdHelp}
                error={fields.pageId}
                inputMode="numeric"
                defaultValue={connected?.page.id}
              />
              {channel === "instagram" ? (
                <TextField
                  id={`${id}-instagram-id`}
                  name="instagramAccountId"
                  label={m.instagramAccountId}
                  help={m.pageIdHelp}
                  error={fields.instagramAccountId}
                  inputMode="numeric"
                  defaultValue={connected?.instagram?.id}
                />
              ) : null}
              <TextField
                id={`${id}-token`}
                name="pageAccessToken"
                label={m.pageAccessToken}
                help={m.secretHelp}
                error={fields.pageAccessToken}
                secret
              />
              <TextField
                id={`${id}-secret`}
                name="appSecret"
                label={m.appSecret}
                help={m.secretHelp}
                error={fields.appSecret}
                secret
              />
              <div className="space-y-1 text-sm">
                <label className="flex items-start gap-2 font-medium">
                  <input
                    type="checkbox"
                    name="humanAgentTag"
                    className="mt-0.5 size-4 shrink-0"
                    defaultChecked={connected?.humanAgentTag ?? false}
                    aria-describedby={`${id}-form-human-agent-help`}
                  />
                  <span>{keepThaiWords(m.humanAgent)}</span>
                </label>
                <p id={`${id}-form-human-agent-help`} className="text-muted-foreground">
                  {keepThaiWords(m.humanAgentHelp)}
                </p>
              </div>
              <FormAlert
                message={fields.meta ?? formError?.message ?? null}
                isLimit={formError?.isLimit ?? false}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={isPending}>
                  {isPending ? <Spinner /> : null}
                  {isPending ? m.connecting : t.connect}
                </Button>
                {connected && reconnecting ? (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => {
                      setReconnecting(false);
                      setFields({});
                      setFormError(null);
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

/** One labelled input with its help and its error, both tied to it for screen readers. */
export function TextField({
  id,
  name,
  label,
  help,
  error,
  secret = false,
  inputMode,
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  help?: string;
  error: string | undefined;
  /** A password input: the browser neither shows nor remembers it. */
  secret?: boolean;
  inputMode?: "numeric";
  defaultValue?: string;
}) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={secret ? "password" : "text"}
        inputMode={inputMode}
        autoComplete={secret ? "new-password" : "off"}
        spellCheck={false}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {help ? (
        <p id={`${id}-help`} className="text-muted-foreground text-xs">
          {help}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What identifies a connection's keys ("App secret …cdef"), each piece kept on one line. */
export function KeyEnds({ parts }: { parts: string[] }) {
  return (
    <p className="text-muted-foreground">
      {parts.map((part, index) => (
        <span key={part}>
          {index > 0 ? " · " : null}
          <span className="whitespace-nowrap">{part}</span>
        </span>
      ))}
    </p>
  );
}

/**
 * The account's picture from the platform's CDN. When it cannot load (CDN unreachable, refused
 * by the page's policy) it goes away rather than showing a broken image: the name says enough.
 * An image the server rendered may fail before React listens, so the first effect checks too.
 */
export function ChannelPicture({ url }: { url: string | null }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (!url || failed) return null;
  return (
    <img
      ref={ref}
      src={url}
      alt=""
      width={48}
      height={48}
      className="size-12 shrink-0 rounded-full border bg-muted object-cover"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/** What went wrong that is not about one field (the plan's allowance, the network …). */
export function FormAlert({ message, isLimit }: { message: string | null; isLimit: boolean }) {
  const c = useMessages(channelsMessages);
  if (!message) return null;
  return (
    <p role="alert" className="text-destructive text-sm">
      {message}
      {isLimit ? (
        <>
          {" "}
          <LocaleLink to="/pricing" className="underline underline-offset-4">
            {c.widget.upgrade}
          </LocaleLink>
        </>
      ) : null}
    </p>
  );
}
