import { type HandoffSettings, inboxLimits } from "@jai/contracts/inbox";
import { LoaderCircle, UserRoundCog } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import { handoffMessages } from "./handoff-messages";
import { useInboxMutation } from "./use-inbox-mutation";

/** The owner's keyword list as typed: commas or new lines between keywords. */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const piece of text.split(/[,\n،、，]/)) {
    const keyword = piece.trim().replace(/\s+/g, " ");
    const key = keyword.toLocaleLowerCase();
    if (keyword && !seen.has(key)) {
      seen.add(key);
      keywords.push(keyword);
    }
  }
  return keywords;
}

type Draft = Omit<HandoffSettings, "keywords" | "afterUnanswered"> & {
  keywords: string;
  afterUnanswered: string;
};

const toDraft = (settings: HandoffSettings): Draft => ({
  ...settings,
  keywords: settings.keywords.join("\n"),
  afterUnanswered: String(settings.afterUnanswered),
});

/**
 * A bot's handoff settings (admins, on the bot page): when the bot passes a conversation to a
 * person (asked for, unanswered N times, negative feedback, keywords), what the customer is told
 * in and out of business hours, where a resolved conversation goes when the customer writes
 * again, and LINE's "Talk to staff" button. Saved with PUT /api/console/bots/:botId/handoff.
 */
export function HandoffSettingsCard({
  botId,
  settings,
}: {
  botId: string;
  settings: HandoffSettings;
}) {
  const m = useMessages(handoffMessages);
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useInboxMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const keywords = parseKeywords(draft.keywords);
  const max = inboxLimits.handoffKeywords;
  const errorOf = (name: string): string | undefined =>
    localErrors[name] ??
    save.fieldError(name) ??
    Object.entries(save.error?.fields ?? {}).find(([key]) => key.startsWith(`${name}.`))?.[1];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const after = Number(draft.afterUnanswered);
    if (
      !/^\d+$/.test(draft.afterUnanswered.trim()) ||
      after > inboxLimits.handoffAfterUnansweredMax
    ) {
      problems.afterUnanswered = m.afterUnansweredHelp(inboxLimits.handoffAfterUnansweredMax);
    }
    if (keywords.length > max) problems.keywords = m.tooManyKeywords(max);
    const long = keywords.find((keyword) => keyword.length > inboxLimits.handoffKeyword);
    if (long) problems.keywords = m.keywordTooLong(long, inboxLimits.handoffKeyword);
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error(m.fixErrors);
      return;
    }
    const body: HandoffSettings = {
      ...draft,
      afterUnanswered: after,
      keywords,
      message: { th: draft.message.th.trim(), en: draft.message.en.trim() },
      offHoursMessage: { th: draft.offHoursMessage.th.trim(), en: draft.offHoursMessage.en.trim() },
    };
    const result = await save.run<HandoffSettings>("PUT", `/bots/${botId}/handoff`, body, {
      quiet: true,
    });
    if (result?.ok) {
      setDraft(toDraft(result.data));
      toast.success(m.saved);
    } else if (result) {
      toast.error(result.error.fields ? m.fixErrors : result.error.message);
    }
  };

  const field = (name: string) => ({
    "aria-invalid": errorOf(name) ? true : undefined,
    "aria-describedby": `${id}-${name}-help ${id}-${name}-error`,
  });
  const errorLine = (name: string) => {
    const message = errorOf(name);
    return message ? (
      <p id={`${id}-${name}-error`} className="text-destructive text-sm">
        {message}
      </p>
    ) : null;
  };

  return (
    <Card className="mt-6" data-testid="handoff-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg" id={`${id}-title`}>
          <UserRoundCog className="size-5" aria-hidden="true" />
          {m.title}
        </CardTitle>
        <CardDescription>{m.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-6" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
          <fieldset className="space-y-4">
            <Check
              id={`${id}-request`}
              checked={draft.onRequest}
              onChange={(value) => set("onRequest", value)}
              label={m.onRequest}
              help={m.onRequestHelp("“ขอคุยกับพนักงาน”, “talk to a human”")}
            />
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-afterUnanswered`} className="font-medium text-sm">
                {m.afterUnanswered}
              </label>
              <Input
                id={`${id}-afterUnanswered`}
                type="number"
                inputMode="numeric"
                min={0}
                max={inboxLimits.handoffAfterUnansweredMax}
                step={1}
                className="w-24"
                value={draft.afterUnanswered}
                onChange={(event) => set("afterUnanswered", event.target.value)}
                {...field("afterUnanswered")}
              />
              <p id={`${id}-afterUnanswered-help`} className="text-muted-foreground text-xs">
                {m.afterUnansweredHelp(inboxLimits.handoffAfterUnansweredMax)}
              </p>
              {errorLine("afterUnanswered")}
            </div>
            <Check
              id={`${id}-feedback`}
              checked={draft.onNegativeFeedback}
              onChange={(value) => set("onNegativeFeedback", value)}
              label={m.onNegativeFeedback}
              help={m.onNegativeFeedbackHelp}
            />
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-keywords`} className="font-medium text-sm">
                {m.keywords}
              </label>
              <Textarea
                id={`${id}-keywords`}
                rows={4}
                value={draft.keywords}
                placeholder={m.keywordsPlaceholder}
                onChange={(event) => set("keywords", event.target.value)}
                {...field("keywords")}
              />
              <p id={`${id}-keywords-help`} className="text-muted-foreground text-xs">
                {m.keywordsHelp(max, inboxLimits.handoffKeyword)}{" "}
                <span className={keywords.length > max ? "text-destructive" : undefined}>
                  {m.keywordCount(keywords.length, max)}
                </span>
              </p>
              {errorLine("keywords")}
            </div>
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="font-semibold text-sm">{m.message}</legend>
            <p className="text-muted-foreground text-xs">{m.messageHelp}</p>
            <MessagePair
              id={`${id}-message`}
              value={draft.message}
              onChange={(value) => set("message", value)}
              placeholder={(language) => m.builtIn(language, false)}
              errorOf={(language) => errorOf(`message.${language}`)}
              labels={{ th: m.thai, en: m.english }}
              characters={m.characters}
            />
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="font-semibold text-sm">{m.offHoursMessage}</legend>
            <p className="text-muted-foreground text-xs">{m.offHoursHelp("{time}")}</p>
            <MessagePair
              id={`${id}-offHours`}
              value={draft.offHoursMessage}
              onChange={(value) => set("offHoursMessage", value)}
              placeholder={(language) => m.builtIn(language, true)}
              errorOf={(language) => errorOf(`offHoursMessage.${language}`)}
              labels={{ th: m.thai, en: m.english }}
              characters={m.characters}
            />
          </fieldset>

          <fieldset className="space-y-2">
            <legend className="font-semibold text-sm">{m.reopen}</legend>
            {(
              [
                [true, m.reopenToBot, m.reopenToBotHelp],
                [false, m.reopenToPerson, m.reopenToPersonHelp],
              ] as const
            ).map(([value, label, help]) => (
              <label key={label} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reopen`}
                  className="mt-1 size-4"
                  checked={draft.reopenToBot === value}
                  onChange={() => set("reopenToBot", value)}
                />
                <span>
                  {label}
                  <span className="block text-muted-foreground text-xs">{help}</span>
                </span>
              </label>
            ))}
          </fieldset>

          <Check
            id={`${id}-quickReply`}
            checked={draft.quickReply}
            onChange={(value) => set("quickReply", value)}
            label={m.quickReply}
            help={m.quickReplyHelp}
          />

          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {save.isPending ? m.saving : m.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Check({
  id,
  checked,
  onChange,
  label,
  help,
}: {
  id: string;
  checked: boolean;
  onChange(value: boolean): void;
  label: string;
  help: string;
}) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-help`}
      />
      <span>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <span id={`${id}-help`} className="block text-muted-foreground text-xs">
          {help}
        </span>
      </span>
    </div>
  );
}

function MessagePair({
  id,
  value,
  onChange,
  placeholder,
  errorOf,
  labels,
  characters,
}: {
  id: string;
  value: { th: string; en: string };
  onChange(value: { th: string; en: string }): void;
  placeholder(language: "th" | "en"): string;
  errorOf(language: "th" | "en"): string | undefined;
  labels: { th: string; en: string };
  characters(used: number, max: number): string;
}) {
  const max = inboxLimits.handoffMessage;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {(["th", "en"] as const).map((language) => {
        const error = errorOf(language);
        return (
          <div key={language} className="grid gap-1.5">
            <label htmlFor={`${id}-${language}`} className="text-sm">
              {labels[language]}
            </label>
            <Textarea
              id={`${id}-${language}`}
              rows={3}
              maxLength={max}
              lang={language}
              value={value[language]}
              placeholder={placeholder(language)}
              onChange={(event) => onChange({ ...value, [language]: event.target.value })}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-${language}-help ${id}-${language}-error`}
            />
            <p id={`${id}-${language}-help`} className="text-muted-foreground text-xs">
              {characters(value[language].length, max)}
            </p>
            {error ? (
              <p id={`${id}-${language}-error`} className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
