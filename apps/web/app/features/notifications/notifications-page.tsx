import type { NotificationPrefs } from "@jai/contracts/inbox";
import {
  alertEventKey,
  type NotificationSettingsDto,
  type PushKeyDto,
  type TestNotificationDto,
} from "@jai/contracts/notifications";
import { Bell, BellOff, Save, Send } from "lucide-react";
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { type ApiResult, apiRequest } from "~/lib/api-request";
import {
  type BrowserPushState,
  browserPushState,
  currentSubscription,
  subscribeBrowser,
  unsubscribeBrowser,
} from "./browser-push";
import { type NotificationsMessages, notificationsMessages } from "./messages";

export type NotificationsPageData = { settings: NotificationSettingsDto; email: string };

const api = "/api/console/notifications";
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * /app/notifications (any role): the member's own alerts in this workspace — which events, by
 * email and / or browser notifications, quiet hours — this browser's permission, and a test.
 */
export function NotificationsPage({ data }: { data: NotificationsPageData }) {
  const m = useMessages(notificationsMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const id = useId();
  const { settings } = data;
  const [prefs, setPrefs] = useState<NotificationPrefs>(settings.prefs);
  const [issues, setIssues] = useState<{ from?: string; to?: string }>({});
  const [isSaving, setIsSaving] = useState(false);

  const failed = useCallback(
    <T,>(result: ApiResult<T>) => {
      if (result.ok) return false;
      toast.error(
        result.error.code === "NETWORK"
          ? m.common.networkError
          : result.error.message || m.common.unknownError,
      );
      return true;
    },
    [m],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof issues = {};
    if (!clock.test(prefs.quietHours.from)) found.from = m.quiet.invalid;
    if (!clock.test(prefs.quietHours.to)) found.to = m.quiet.invalid;
    setIssues(found);
    if (found.from || found.to) return;
    setIsSaving(true);
    const result = await apiRequest<NotificationSettingsDto>(`${api}/preferences`, {
      method: "PUT",
      body: prefs,
      locale,
    });
    setIsSaving(false);
    if (failed(result)) {
      if (!result.ok && result.error.fields) {
        setIssues({
          ...(result.error.fields["quietHours.from"] ? { from: m.quiet.invalid } : {}),
          ...(result.error.fields["quietHours.to"] ? { to: m.quiet.invalid } : {}),
        });
      }
      return;
    }
    toast.success(m.common.saved);
    await revalidator.revalidate();
  };

  const setEvent = (key: keyof NotificationPrefs["events"], value: boolean) =>
    setPrefs((current) => ({ ...current, events: { ...current.events, [key]: value } }));
  const setMeans = (key: keyof NotificationPrefs["means"], value: boolean) =>
    setPrefs((current) => ({ ...current, means: { ...current.means, [key]: value } }));
  const setQuiet = (change: Partial<NotificationPrefs["quietHours"]>) =>
    setPrefs((current) => ({ ...current, quietHours: { ...current.quietHours, ...change } }));

  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{m.title}</h1>
        <p className="mt-1 text-muted-foreground">{m.intro}</p>
      </header>

      <form onSubmit={onSubmit} className="space-y-6" noValidate>
        <Card>
          <CardHeader>
            <CardTitle>{m.events.title}</CardTitle>
            <CardDescription>{m.events.intro}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            {settings.kinds.map((kind) => {
              const key = alertEventKey[kind];
              return (
                <Toggle
                  key={kind}
                  checked={prefs.events[key]}
                  onChange={(value) => setEvent(key, value)}
                  label={m.events[key]}
                />
              );
            })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{m.means.title}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <Toggle
              checked={prefs.means.email}
              onChange={(value) => setMeans("email", value)}
              label={<span className="break-all">{m.means.email(data.email)}</span>}
              hint={settings.emailVerified ? undefined : m.means.emailUnverified}
            />
            <Toggle
              checked={prefs.means.push}
              onChange={(value) => setMeans("push", value)}
              label={m.means.push}
              hint={m.means.pushHint}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{m.quiet.title}</CardTitle>
            <CardDescription>{m.quiet.zone(settings.timeZone)}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Toggle
              checked={prefs.quietHours.enabled}
              onChange={(value) => setQuiet({ enabled: value })}
              label={m.quiet.enabled}
            />
            <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
              {(["from", "to"] as const).map((end) => (
                <div key={end} className="space-y-1.5">
                  <Label htmlFor={`${id}-${end}`}>{m.quiet[end]}</Label>
                  <Input
                    id={`${id}-${end}`}
                    type="time"
                    value={prefs.quietHours[end]}
                    disabled={!prefs.quietHours.enabled}
                    aria-invalid={issues[end] ? true : undefined}
                    aria-describedby={issues[end] ? `${id}-${end}-error` : undefined}
                    onChange={(event) => setQuiet({ [end]: event.target.value })}
                  />
                  {issues[end] ? (
                    <p id={`${id}-${end}-error`} className="text-destructive text-sm">
                      {issues[end]}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
          </CardContent>
        </Card>

        <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
          <Save aria-hidden="true" />
          {isSaving ? m.common.saving : m.common.save}
        </Button>
      </form>

      <BrowserCard
        m={m}
        subscriptions={settings.pushSubscriptions}
        onChanged={() => void revalidator.revalidate()}
        failed={failed}
      />
      <TestCard m={m} failed={failed} />
    </div>
  );
}

function Toggle({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange(value: boolean): void;
  label: ReactNode;
  hint?: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="min-w-0">
        <span className="font-medium">{label}</span>
        {hint ? <span className="mt-0.5 block text-muted-foreground">{hint}</span> : null}
      </span>
    </label>
  );
}

type Failed = <T>(result: ApiResult<T>) => boolean;

/** This browser's permission and subscription. */
function BrowserCard({
  m,
  subscriptions,
  onChanged,
  failed,
}: {
  m: NotificationsMessages;
  subscriptions: number;
  onChanged(): void;
  failed: Failed;
}) {
  const locale = useLocale();
  // Unknown until the effect has asked the browser (the server cannot know).
  const [state, setState] = useState<BrowserPushState | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const found = await browserPushState().catch(() => "unsupported" as const);
      if (!isCurrent) return;
      setState(found);
      // Keep the server's copy in step (it drops subscriptions a push service calls gone, and
      // another account may have used this browser since).
      const subscription = found === "on" ? await currentSubscription() : null;
      if (subscription) {
        await apiRequest(`${api}/push-subscriptions`, {
          method: "POST",
          body: subscription.toJSON(),
          locale,
        });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [locale]);

  const allow = async () => {
    setIsBusy(true);
    try {
      const key = await apiRequest<PushKeyDto>(`${api}/push-key`, { locale });
      if (failed(key) || !key.ok) return;
      const subscription = await subscribeBrowser(key.data.publicKey);
      if (subscription === "unsupported" || subscription === "blocked") {
        setState(subscription);
        return;
      }
      if (subscription === "dismissed") return;
      const saved = await apiRequest(`${api}/push-subscriptions`, {
        method: "POST",
        body: subscription.toJSON(),
        locale,
      });
      if (failed(saved)) return;
      setState("on");
      onChanged();
    } catch {
      toast.error(m.browser.failed);
    } finally {
      setIsBusy(false);
    }
  };

  const turnOff = async () => {
    setIsBusy(true);
    try {
      const endpoint = await unsubscribeBrowser();
      if (endpoint) {
        const removed = await apiRequest(`${api}/push-subscriptions`, {
          method: "DELETE",
          body: { endpoint },
          locale,
        });
        if (failed(removed)) return;
      }
      setState("off");
      onChanged();
    } catch {
      toast.error(m.browser.failed);
    } finally {
      setIsBusy(false);
    }
  };

  const status =
    state === "on"
      ? m.browser.allowed
      : state === "blocked"
        ? m.browser.blocked
        : state === "unsupported"
          ? m.browser.unsupported
          : state === "off"
            ? m.browser.notAllowed
            : "";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.browser.title}</CardTitle>
        {subscriptions > 0 ? (
          <CardDescription>{m.browser.others(subscriptions)}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm" role="status" data-state={state ?? "checking"}>
          {status}
        </p>
        {state === "off" ? (
          <Button type="button" onClick={allow} disabled={isBusy} className="w-full sm:w-auto">
            <Bell aria-hidden="true" />
            {isBusy ? m.browser.allowing : m.browser.allow}
          </Button>
        ) : null}
        {state === "on" ? (
          <Button
            type="button"
            variant="outline"
            onClick={turnOff}
            disabled={isBusy}
            className="w-full sm:w-auto"
          >
            <BellOff aria-hidden="true" />
            {m.browser.turnOff}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Sends a test alert to the member alone, and says what each means did. */
function TestCard({ m, failed }: { m: NotificationsMessages; failed: Failed }) {
  const locale = useLocale();
  const [isSending, setIsSending] = useState(false);
  const [result, setResult] = useState<string[] | null>(null);

  const send = async () => {
    setIsSending(true);
    const answer = await apiRequest<TestNotificationDto>(`${api}/test`, {
      method: "POST",
      locale,
    });
    setIsSending(false);
    if (failed(answer) || !answer.ok) return;
    const { email, push } = answer.data;
    const lines = [
      email === "queued"
        ? m.test.emailQueued
        : email === "unverified"
          ? m.test.emailUnverified
          : m.test.emailOff,
    ];
    if (push === "off") lines.push(m.test.pushOff);
    else if (push.subscriptions === 0 && push.sent === 0) lines.push(m.test.pushNone);
    else {
      if (push.sent > 0) lines.push(m.test.pushSent(push.sent));
      if (push.failed > 0) lines.push(m.test.pushFailed(push.failed));
    }
    setResult(lines);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.test.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button
          type="button"
          variant="outline"
          onClick={send}
          disabled={isSending}
          className="w-full sm:w-auto"
        >
          <Send aria-hidden="true" />
          {isSending ? m.test.sending : m.test.send}
        </Button>
        {result ? (
          <ul className="list-disc space-y-1 pl-5 text-sm" role="status">
            {result.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
