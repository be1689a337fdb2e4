import type {
  LineChannelDto,
  MetaChannelDto,
  TiktokChannelDto,
  WidgetChannelDto,
  WidgetSettings,
} from "@jai/contracts/channels";
import {
  AlertTriangle,
  Copy,
  ExternalLink,
  Globe,
  KeyRound,
  Link2,
  MessageCircle,
} from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { channelsMessages } from "./channels-messages";
import { ConsolePageHeader, FieldError, Spinner } from "./console-parts";
import { LineCard } from "./line-card";
import { MetaCard } from "./meta-card";
import { TiktokCard } from "./tiktok-card";
import { useConsoleMutation } from "./use-console-mutation";

export type ChannelsPageData = {
  bot: { id: string; name: string; publicPath: string };
  publicUrl: string;
  /** The hosted page's QR code, an SVG data URL made by the server. */
  qrCode: string;
  channels: {
    allowance: { used: number; limit: number | "unlimited" };
    widget: WidgetChannelDto;
    apps: { channel: "line" | "messenger" | "instagram" | "tiktok"; status: string }[];
  };
  /** The LINE channel's state (GET /api/console/bots/{id}/channels/line). */
  line: LineChannelDto;
  /** Messenger's and Instagram's states (GET …/channels/messenger, …/channels/instagram). */
  messenger: MetaChannelDto;
  instagram: MetaChannelDto;
  /** TikTok's state (GET …/channels/tiktok). */
  tiktok: TiktokChannelDto;
};

async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

/** /app/bots/{id}/channels: the hosted page, the website widget, the API, and the chat apps. */
export function ChannelsPage({ data }: { data: ChannelsPageData }) {
  const m = useMessages(channelsMessages);
  const { bot, publicUrl, channels } = data;
  const base = publicUrl.replace(/\/$/, "");
  const pageUrl = `${base}${bot.publicPath}`;
  const limit =
    channels.allowance.limit === "unlimited" ? m.unlimited : String(channels.allowance.limit);
  return (
    <div className="space-y-6">
      <ConsolePageHeader title={m.title} intro={m.description(bot.name)} />
      <p className="text-muted-foreground text-sm">
        <LocaleLink to={`/app/bots/${bot.id}`} className="underline underline-offset-4">
          {m.back(bot.name)}
        </LocaleLink>
      </p>
      <p className="text-sm" data-testid="channel-allowance">
        {m.allowance(channels.allowance.used, limit)} · {m.allowanceNote}
      </p>

      <Card>
        <CardContent className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <div className="min-w-0 space-y-3">
            <h2 className="flex items-center gap-2 font-semibold text-lg">
              <Link2 className="size-5" aria-hidden="true" />
              {m.hosted.title}
            </h2>
            <p className="text-muted-foreground text-sm">{m.hosted.text}</p>
            <div className="flex flex-wrap gap-2">
              <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-sm">
                {pageUrl}
              </code>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => copyText(pageUrl, m.copied, m.copyFailed)}>
                <Copy aria-hidden="true" />
                {m.copy}
              </Button>
              <Button asChild variant="outline">
                <a href={bot.publicPath} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {m.hosted.open}
                </a>
              </Button>
              <Button asChild variant="outline">
                <a href={data.qrCode} download={`${bot.name}-qr.svg`}>
                  {m.hosted.downloadQr}
                </a>
              </Button>
            </div>
          </div>
          <img
            src={data.qrCode}
            alt={m.hosted.qrAlt(bot.name)}
            width={160}
            height={160}
            className="size-40 rounded border bg-white"
          />
        </CardContent>
      </Card>

      <WidgetCard data={data} />

      <Card>
        <CardContent className="space-y-3">
          <h2 className="flex items-center gap-2 font-semibold text-lg">
            <Globe className="size-5" aria-hidden="true" />
            {m.api.title}
          </h2>
          <p className="text-muted-foreground text-sm">{m.api.text}</p>
          <p className="text-sm">
            {m.api.baseUrl}:{" "}
            <code className="break-all rounded bg-muted px-2 py-1">{`${base}/api/v1`}</code>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <LocaleLink to="/docs/api">{m.api.reference}</LocaleLink>
            </Button>
            <Button asChild variant="outline">
              <LocaleLink to="/app/api-keys">
                <KeyRound aria-hidden="true" />
                {m.api.keys}
              </LocaleLink>
            </Button>
          </div>
        </CardContent>
      </Card>

      <LineCard botId={bot.id} line={data.line} />
      <MetaCard botId={bot.id} channel="messenger" state={data.messenger} />
      <MetaCard botId={bot.id} channel="instagram" state={data.instagram} />
      <TiktokCard botId={bot.id} tiktok={data.tiktok} />
    </div>
  );
}

function WidgetCard({ data }: { data: ChannelsPageData }) {
  const m = useMessages(channelsMessages);
  const id = useId();
  const save = useConsoleMutation();
  const secret = useConsoleMutation();
  const widget = data.channels.widget;
  const [enabled, setEnabled] = useState(widget.enabled);
  const [settings, setSettings] = useState<WidgetSettings>(widget.settings);
  const [origins, setOrigins] = useState(widget.settings.allowedOrigins.join("\n"));
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const base = data.publicUrl.replace(/\/$/, "");
  const snippet = `<script src="${base}/widget.js" data-bot="${data.bot.id}" async></script>`;
  const set = <K extends keyof WidgetSettings>(key: K, value: WidgetSettings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));
  const fields = save.error?.fields ?? {};
  const originList = origins
    .split(/\s+/)
    .map((origin) => origin.trim())
    .filter(Boolean);

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await save.run("PUT", `/bots/${data.bot.id}/channels/widget`, {
      enabled,
      settings: { ...settings, allowedOrigins: originList },
    });
    if (result?.ok) toast.success(m.saved);
  };
  const onSecret = async () => {
    const result = await secret.run<{ secret: string }>(
      "POST",
      `/bots/${data.bot.id}/channels/widget/identity-secret`,
    );
    if (result?.ok) setShownSecret(result.data.secret);
  };

  return (
    <Card>
      <CardContent>
        <form className="space-y-4" onSubmit={onSave} noValidate>
          <h2 className="flex items-center gap-2 font-semibold text-lg">
            <MessageCircle className="size-5" aria-hidden="true" />
            {m.widget.title}
          </h2>
          <p className="text-muted-foreground text-sm">{m.widget.text}</p>
          <div className="space-y-2">
            <Label htmlFor={`${id}-snippet`}>{m.widget.snippet}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <code
                id={`${id}-snippet`}
                className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-2 text-xs"
              >
                {snippet}
              </code>
              <Button
                type="button"
                variant="outline"
                onClick={() => copyText(snippet, m.copied, m.copyFailed)}
              >
                <Copy aria-hidden="true" />
                {m.copy}
              </Button>
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
            />
            {m.widget.enabled}
          </label>
          {save.error?.code === "PLAN_LIMIT_REACHED" && (
            <p className="text-destructive text-sm" role="alert">
              {m.widget.limitReached}{" "}
              <LocaleLink to="/pricing" className="underline underline-offset-4">
                {m.widget.upgrade}
              </LocaleLink>
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-color`}>{m.widget.color}</Label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-color`}
                  type="color"
                  className="w-14 p-1"
                  value={settings.color}
                  onChange={(event) => set("color", event.target.value)}
                />
                <Input
                  aria-label={m.widget.color}
                  value={settings.color}
                  onChange={(event) => set("color", event.target.value)}
                  maxLength={7}
                />
              </div>
              <FieldError id={`${id}-color-error`} message={fields["settings.color"]} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-position`}>{m.widget.position}</Label>
              <select
                id={`${id}-position`}
                className="h-10 w-full rounded-md border bg-background px-3 text-sm"
                value={settings.position}
                onChange={(event) => set("position", event.target.value as "left" | "right")}
              >
                <option value="right">{m.widget.right}</option>
                <option value="left">{m.widget.left}</option>
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-label`}>{m.widget.launcherLabel}</Label>
              <Input
                id={`${id}-label`}
                value={settings.launcherLabel}
                maxLength={40}
                onChange={(event) => set("launcherLabel", event.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-language`}>{m.widget.language}</Label>
              <select
                id={`${id}-language`}
                className="h-10 w-full rounded-md border bg-background px-3 text-sm"
                value={settings.language}
                onChange={(event) => set("language", event.target.value as "auto" | "en" | "th")}
              >
                <option value="auto">{m.widget.languageAuto}</option>
                <option value="th">{m.widget.thai}</option>
                <option value="en">{m.widget.english}</option>
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-greeting`}>{m.widget.greeting}</Label>
              <Input
                id={`${id}-greeting`}
                value={settings.greeting}
                maxLength={200}
                onChange={(event) => set("greeting", event.target.value)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-delay`}>{m.widget.greetingDelay}</Label>
              <Input
                id={`${id}-delay`}
                type="number"
                min={0}
                max={120}
                value={settings.greetingDelaySeconds}
                onChange={(event) =>
                  set(
                    "greetingDelaySeconds",
                    Math.max(0, Math.min(120, Number(event.target.value) || 0)),
                  )
                }
              />
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={settings.startOpen}
              onChange={(event) => set("startOpen", event.target.checked)}
            />
            {m.widget.startOpen}
          </label>
          <div className="space-y-1">
            <Label htmlFor={`${id}-origins`}>{m.widget.origins}</Label>
            <p className="text-muted-foreground text-xs" id={`${id}-origins-help`}>
              {m.widget.originsHelp}
            </p>
            <textarea
              id={`${id}-origins`}
              aria-describedby={`${id}-origins-help`}
              className="min-h-24 w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
              value={origins}
              onChange={(event) => setOrigins(event.target.value)}
              placeholder="https://shop.example"
            />
            {Object.keys(fields).some((field) => field.startsWith("settings.allowedOrigins")) && (
              <FieldError id={`${id}-origins-error`} message={m.widget.originsHelp} />
            )}
            {originList.length === 0 && (
              <p
                className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900 text-sm"
                role="status"
                data-testid="origins-warning"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {m.widget.originsEmpty}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {m.save}
            </Button>
            {widget.enabled && (
              <Button asChild variant="outline">
                <a href={`/widget/${data.bot.id}`} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {m.widget.openPreview}
                </a>
              </Button>
            )}
          </div>
          <div className="space-y-2 border-t pt-4">
            <h3 className="font-medium">{m.widget.identity}</h3>
            <p className="text-muted-foreground text-sm">{m.widget.identityText}</p>
            {widget.hasIdentitySecret && !shownSecret && (
              <p className="text-sm">{m.widget.identityExists}</p>
            )}
            {shownSecret && (
              <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
                <p className="text-amber-900">{m.widget.identityShown}</p>
                <code className="block break-all">{shownSecret}</code>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => copyText(shownSecret, m.copied, m.copyFailed)}
                >
                  <Copy aria-hidden="true" />
                  {m.copy}
                </Button>
              </div>
            )}
            <Button type="button" variant="outline" onClick={onSecret} disabled={secret.isPending}>
              {widget.hasIdentitySecret || shownSecret
                ? m.widget.identityRotate
                : m.widget.identityCreate}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
