import { webhookEvents } from "@jai/contracts/channels";
import { Copy, Plus, RefreshCw, Send, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { consoleRequest } from "./console-api";
import { ConfirmDialog, ConsolePageHeader, FieldError, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { useConsoleMutation } from "./use-console-mutation";
import { webhooksMessages } from "./webhooks-messages";

export type WebhookEndpointView = {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  createdAt: string;
};

type DeliveryView = {
  id: string;
  event: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
};

export type WebhooksPageData = { endpoints: WebhookEndpointView[] };

async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

/** /app/webhooks: endpoints, their events and secret (shown once), and each one's delivery log. */
export function WebhooksPage({ data }: { data: WebhooksPageData }) {
  const m = useMessages(webhooksMessages);
  const id = useId();
  const create = useConsoleMutation();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>(["message.created"]);
  const [secret, setSecret] = useState<string | null>(null);
  const urlIssue = create.error?.fields?.url;

  const onCreate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await create.run<{ secret: string }>(
      "POST",
      "/webhooks",
      { url, description, events },
      { quiet: true },
    );
    if (result?.ok) {
      setUrl("");
      setDescription("");
      setSecret(result.data.secret);
    }
  };

  return (
    <div className="space-y-6">
      <ConsolePageHeader title={m.title} intro={m.intro} />
      <Card>
        <CardContent>
          <form className="space-y-4" onSubmit={onCreate} noValidate>
            <div className="space-y-1">
              <Label htmlFor={`${id}-url`}>{m.url}</Label>
              <Input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/jai"
                value={url}
                maxLength={2000}
                onChange={(event) => setUrl(event.target.value)}
                aria-invalid={Boolean(urlIssue)}
                aria-describedby={urlIssue ? `${id}-url-error` : undefined}
              />
              <FieldError
                id={`${id}-url-error`}
                message={
                  urlIssue ? (m.fieldIssues[urlIssue] ?? m.fieldIssues.invalidUrl) : undefined
                }
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-description`}>{m.description}</Label>
              <Input
                id={`${id}-description`}
                value={description}
                maxLength={200}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <fieldset className="space-y-2">
              <legend className="font-medium text-sm">{m.events}</legend>
              {webhookEvents.map((event) => (
                <label key={event} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4"
                    checked={events.includes(event)}
                    onChange={(change) =>
                      setEvents((current) =>
                        change.target.checked
                          ? [...current, event]
                          : current.filter((item) => item !== event),
                      )
                    }
                  />
                  <span>
                    {m.eventNames[event]}{" "}
                    <code className="text-muted-foreground text-xs">{event}</code>
                  </span>
                </label>
              ))}
            </fieldset>
            {create.error?.code === "PLAN_LIMIT_REACHED" && (
              <p className="text-destructive text-sm" role="alert">
                {m.limit}
              </p>
            )}
            <Button type="submit" disabled={create.isPending || events.length === 0}>
              {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
              {m.add}
            </Button>
          </form>
          {secret && (
            <div
              className="mt-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
              role="status"
            >
              <p className="text-amber-900">{m.secretShown}</p>
              <code className="block break-all" data-testid="webhook-secret">
                {secret}
              </code>
              <Button variant="outline" onClick={() => copyText(secret, m.copied, m.copyFailed)}>
                <Copy aria-hidden="true" />
                {m.copy}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      {data.endpoints.length === 0 ? (
        <p className="text-muted-foreground">{m.empty}</p>
      ) : (
        <ul className="space-y-4">
          {data.endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} onSecret={setSecret} />
            </li>
          ))}
        </ul>
      )}

      <section className="rounded-lg border p-4 text-sm">
        <h2 className="font-semibold">{m.verifyTitle}</h2>
        <p className="mt-2 text-muted-foreground">{m.verify}</p>
      </section>
    </div>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  onSecret(secret: string): void;
}) {
  const m = useMessages(webhooksMessages);
  const locale = useLocale();
  const change = useConsoleMutation();
  const remove = useConsoleMutation();
  const [confirming, setConfirming] = useState(false);
  const [log, setLog] = useState<DeliveryView[] | null>(null);
  const base = `/webhooks/${endpoint.id}`;

  const loadLog = async () => {
    const result = await consoleRequest<DeliveryView[]>(`${base}/deliveries`, { locale });
    if (result.ok) setLog(result.data);
    else toast.error(result.error.message);
  };
  const onTest = async () => {
    const result = await change.run("POST", `${base}/test`, undefined, { revalidate: false });
    if (result?.ok) {
      toast.success(m.testSent);
      await loadLog();
    }
  };
  const onRotate = async () => {
    const result = await change.run<{ secret: string }>("POST", `${base}/secret`, undefined, {
      revalidate: false,
    });
    if (result?.ok) onSecret(result.data.secret);
  };
  const onRedeliver = async (deliveryId: string) => {
    const result = await change.run(
      "POST",
      `${base}/deliveries/${deliveryId}/redeliver`,
      undefined,
      {
        revalidate: false,
      },
    );
    if (result?.ok) await loadLog();
  };

  return (
    <Card>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="break-all font-mono text-sm">{endpoint.url}</p>
            {endpoint.description && (
              <p className="text-muted-foreground text-sm">{endpoint.description}</p>
            )}
            <p className="mt-1 text-muted-foreground text-xs">
              {endpoint.events.map((event) => m.eventNames[event] ?? event).join(" · ")}
            </p>
          </div>
          <span
            className={`rounded px-2 py-0.5 text-xs ${endpoint.enabled ? "bg-emerald-100 text-emerald-900" : "bg-muted"}`}
          >
            {endpoint.enabled ? m.on : m.off}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={change.isPending}
            onClick={() => change.run("PATCH", base, { enabled: !endpoint.enabled })}
          >
            {endpoint.enabled ? m.turnOff : m.turnOn}
          </Button>
          <Button variant="outline" size="sm" onClick={onTest} disabled={change.isPending}>
            <Send aria-hidden="true" />
            {m.test}
          </Button>
          <Button variant="outline" size="sm" onClick={onRotate} disabled={change.isPending}>
            {m.rotate}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void loadLog()}>
            <RefreshCw aria-hidden="true" />
            {m.deliveries}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            {m.delete}
          </Button>
        </div>
        {log && (
          <div className="overflow-x-auto">
            {log.length === 0 ? (
              <p className="text-muted-foreground text-sm">{m.noDeliveries}</p>
            ) : (
              <table className="w-full text-left text-sm">
                <tbody>
                  {log.map((delivery) => (
                    <tr key={delivery.id} className="border-b align-top">
                      <td className="py-1 pr-3">
                        <LocalTime iso={delivery.createdAt} />
                      </td>
                      <td className="py-1 pr-3 font-mono text-xs">{delivery.event}</td>
                      <td className="py-1 pr-3">
                        {m.status[delivery.status] ?? delivery.status}
                        {delivery.lastStatusCode ? ` (${delivery.lastStatusCode})` : ""}
                        <div className="text-muted-foreground text-xs">
                          {m.attempts(delivery.attempts)}
                          {delivery.lastError ? ` · ${delivery.lastError}` : ""}
                        </div>
                      </td>
                      <td className="py-1">
                        {delivery.status === "dead" || delivery.status === "delivered" ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => onRedeliver(delivery.id)}
                          >
                            {m.redeliver}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={m.deleteTitle}
          text={m.deleteText}
          confirmLabel={m.delete}
          pendingLabel={m.deleting}
          isPending={remove.isPending}
          onConfirm={async () => {
            const result = await remove.run("DELETE", base);
            if (result?.ok) setConfirming(false);
          }}
        />
      </CardContent>
    </Card>
  );
}
