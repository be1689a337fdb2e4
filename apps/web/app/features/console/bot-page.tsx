import type { BotDto, KnowledgeSourceDto, PersonaSummaryDto } from "@jai/contracts/console";
import { ArrowLeft, ExternalLink, MessagesSquare, Pause, Play, Share2, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { LocaleLink, useLocalizedPath } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { BotForm, type BotFormValues } from "./bot-form";
import { BotStatusBadge } from "./bot-status-badge";
import { ConfirmDialog, ConsolePageHeader, Spinner } from "./console-parts";
import { KnowledgeSection } from "./knowledge-section";
import { consoleMessages } from "./messages";
import { botSettingsAnchor, ProviderProblemAlert } from "./provider-problem-alert";
import { useConsoleMutation } from "./use-console-mutation";

export type BotPageData = {
  bot: BotDto;
  personas: PersonaSummaryDto[];
  sources: KnowledgeSourceDto[];
};

/**
 * /app/bots/:botId: the bot's settings, status, knowledge base and the way to its chats.
 * `children`: more of the bot's settings from other features (the handoff card), shown before
 * the danger zone.
 */
export function BotPage({ data, children }: { data: BotPageData; children?: ReactNode }) {
  const m = useMessages(consoleMessages);
  const { bot } = data;
  const save = useConsoleMutation();
  const toggle = useConsoleMutation();
  const remove = useConsoleMutation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [isConfirming, setIsConfirming] = useState(false);

  const onSave = async (values: BotFormValues) => {
    const result = await save.run<BotDto>("PATCH", `/bots/${bot.id}`, values, { quiet: true });
    if (!result?.ok) {
      if (result && !result.error.fields) toast.error(result.error.message);
      return false;
    }
    toast.success(m.bot.saved);
    return true;
  };

  const indexing = useConsoleMutation();
  const isActive = bot.status === "active";
  const onToggle = async () => {
    const result = await toggle.run<BotDto>("PATCH", `/bots/${bot.id}`, {
      status: isActive ? "paused" : "active",
    });
    if (result?.ok) toast.success(isActive ? m.bot.paused : m.bot.resumed);
  };

  const onDelete = async () => {
    const result = await remove.run("DELETE", `/bots/${bot.id}`, undefined, {
      quiet: true,
      revalidate: false,
    });
    if (result?.ok) {
      setIsConfirming(false);
      toast.success(m.bot.deleted(bot.name));
      navigate(localize("/app/bots"), { replace: true });
    }
  };

  return (
    <>
      <LocaleLink
        to="/app/bots"
        className="mb-3 inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {m.bot.back}
      </LocaleLink>
      <ConsolePageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {bot.name}
            <BotStatusBadge status={bot.status} />
          </span>
        }
        intro={bot.description || undefined}
        actions={
          <>
            <Button asChild variant="outline">
              <a href={bot.publicPath} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {m.bots.publicPage}
                <span className="sr-only">{m.bots.opensInNewTab}</span>
              </a>
            </Button>
            <Button asChild variant="outline">
              <LocaleLink to={`/app/bots/${bot.id}/channels`}>
                <Share2 aria-hidden="true" />
                {m.bot.channels}
              </LocaleLink>
            </Button>
            <Button asChild variant="outline">
              <LocaleLink to={`/app/bots/${bot.id}/conversations`}>
                <MessagesSquare aria-hidden="true" />
                {m.bot.viewConversations} ({bot.conversationCount})
              </LocaleLink>
            </Button>
            <Button variant="outline" onClick={onToggle} disabled={toggle.isPending}>
              {toggle.isPending ? (
                <Spinner />
              ) : isActive ? (
                <Pause aria-hidden="true" />
              ) : (
                <Play aria-hidden="true" />
              )}
              {toggle.isPending ? m.common.saving : isActive ? m.bot.pause : m.bot.resume}
            </Button>
          </>
        }
      />
      <ProviderProblemAlert bot={bot} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="self-start">
          <CardHeader>
            <CardTitle className="scroll-mt-20 text-lg" id={botSettingsAnchor}>
              {m.bot.settingsTitle}
            </CardTitle>
            <CardDescription>
              {isActive ? m.botForm.statusActive : m.botForm.statusPaused}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <BotForm
              labelledBy={botSettingsAnchor}
              // A saved key hint or other server-side change resets the form to what is stored.
              key={`${bot.updatedAt}-${bot.providerKeyHint ?? ""}`}
              bot={bot}
              personas={data.personas}
              submitLabel={m.common.save}
              pendingLabel={m.common.saving}
              isPending={save.isPending}
              error={save.error}
              onSubmit={onSave}
            />
            <label className="mt-6 flex items-start gap-2 border-t pt-4 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={bot.indexable}
                disabled={indexing.isPending}
                onChange={(event) =>
                  void indexing.run("PATCH", `/bots/${bot.id}`, { indexable: event.target.checked })
                }
              />
              <span>
                {m.bot.indexable}
                <span className="block text-muted-foreground text-xs">{m.bot.indexableHint}</span>
              </span>
            </label>
          </CardContent>
        </Card>
        <KnowledgeSection botId={bot.id} sources={data.sources} />
      </div>
      {children}
      <Card className="mt-6 border-destructive/40">
        <CardHeader>
          <CardTitle className="text-lg">{m.bot.dangerTitle}</CardTitle>
          <CardDescription>{m.bot.dangerText}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="destructive"
            onClick={() => {
              remove.setError(null);
              setIsConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            {m.bot.deleteBot}
          </Button>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={m.bot.deleteTitle(bot.name)}
        text={m.bot.deleteText}
        confirmLabel={m.bot.deleteBot}
        pendingLabel={m.common.deleting}
        isPending={remove.isPending}
        error={remove.error?.message}
        onConfirm={onDelete}
      />
    </>
  );
}
