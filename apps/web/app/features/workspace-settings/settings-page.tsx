import {
  type BusinessHours,
  inboxLimits,
  type WorkspaceSettingsDto,
  type WorkspaceSettingsInput,
} from "@jai/contracts/inbox";
import { Save } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/components/ui/toaster";
import { localeTag } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { useApiMutation } from "~/lib/use-api-mutation";
import { CannedRepliesSection } from "./canned-replies-section";
import { type WorkspaceSettingsMessages, workspaceSettingsMessages } from "./messages";
import { timeZoneOptions } from "./time-zones";

export type SettingsPageData = { settings: WorkspaceSettingsDto };

/** Monday first, as calendars in Thailand show the week (0 is Sunday). */
const weekdays = [1, 2, 3, 4, 5, 6, 0] as const;

type DayForm = { isOpen: boolean; open: string; close: string };
type HoursForm = { enabled: boolean; timeZone: string; days: Record<number, DayForm> };

function toHoursForm(hours: BusinessHours): HoursForm {
  const days: Record<number, DayForm> = {};
  for (const day of weekdays) {
    const opening = hours.days.find((item) => item.day === day);
    days[day] = opening
      ? { isOpen: true, open: opening.open, close: opening.close }
      : { isOpen: false, open: "09:00", close: "18:00" };
  }
  return { enabled: hours.enabled, timeZone: hours.timeZone, days };
}

function toBusinessHours(form: HoursForm): BusinessHours {
  return {
    enabled: form.enabled,
    timeZone: form.timeZone,
    days: weekdays
      .filter((day) => form.days[day]!.isOpen)
      .map((day) => ({ day, open: form.days[day]!.open, close: form.days[day]!.close })),
  };
}

/** The API's field codes (and this page's own checks), in words, by field. */
function describeIssues(
  fields: Record<string, string> | undefined,
  m: WorkspaceSettingsMessages,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields ?? {})) {
    if (path === "businessHours.timeZone") shown.timeZone = m.issues.timeZone;
    else if (path === "alerts.waitingMinutes") shown.waitingMinutes = m.issues.minutes;
    else if (path.startsWith("businessHours.days")) shown.days = m.issues.order;
    else if (path === "name") {
      shown.name = code === "tooLong" ? m.issues.tooLong : m.issues.missing;
    } else shown.form = m.issues.invalid;
  }
  return shown;
}

/**
 * /app/settings: the workspace's name, business hours (a weekly schedule in a time zone), the
 * workspace-wide alerts with the LINE staff group, and the team's canned replies.
 */
export function SettingsPage({ data }: { data: SettingsPageData }) {
  const m = useMessages(workspaceSettingsMessages);
  const id = useId();
  const save = useApiMutation(m.common);
  const { settings } = data;
  const [name, setName] = useState(settings.name);
  const [hours, setHours] = useState(() => toHoursForm(settings.businessHours));
  const [alerts, setAlerts] = useState({
    newConversation: settings.alerts.newConversation,
    waitingMinutes: String(settings.alerts.waitingMinutes),
    lineEnabled: settings.alerts.lineEnabled,
  });
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [dayIssues, setDayIssues] = useState<Set<number>>(new Set());

  const setDay = (day: number, change: Partial<DayForm>) =>
    setHours((current) => ({
      ...current,
      days: { ...current.days, [day]: { ...current.days[day]!, ...change } },
    }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const badDays = new Set(
      weekdays.filter(
        (day) => hours.days[day]!.isOpen && !(hours.days[day]!.open < hours.days[day]!.close),
      ),
    );
    const minutes = Number(alerts.waitingMinutes);
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = m.issues.missing;
    if (badDays.size > 0) found.days = m.issues.order;
    if (!/^\d+$/.test(alerts.waitingMinutes.trim()) || minutes > 24 * 60) {
      found.waitingMinutes = m.issues.minutes;
    }
    setDayIssues(badDays);
    setIssues(found);
    if (Object.keys(found).length > 0) {
      toast.error(m.common.invalid);
      return;
    }
    const body: WorkspaceSettingsInput = {
      name,
      businessHours: toBusinessHours(hours),
      alerts: {
        newConversation: alerts.newConversation,
        waitingMinutes: minutes,
        lineEnabled: alerts.lineEnabled,
      },
    };
    const result = await save.run("PUT", "/api/console/workspace", body);
    if (result?.ok) toast.success(m.common.saved);
    else if (result) setIssues(describeIssues(result.error.fields, m));
  };

  const errorId = (field: string) => (issues[field] ? `${id}-${field}-error` : undefined);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{m.title}</h1>
        <p className="mt-1 text-muted-foreground">{keepThaiWords(m.intro)}</p>
      </header>

      <form className="space-y-6" onSubmit={onSubmit} noValidate>
        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg leading-tight">{m.workspace.title}</h2>
          </CardHeader>
          <CardContent className="space-y-1">
            <Label htmlFor={`${id}-name`}>{m.workspace.name}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={inboxLimits.workspaceName}
              required
              onChange={(event) => setName(event.target.value)}
              aria-invalid={Boolean(issues.name)}
              aria-describedby={errorId("name") ?? `${id}-name-hint`}
            />
            <FieldIssue id={errorId("name")} text={issues.name} />
            <p id={`${id}-name-hint`} className="text-muted-foreground text-sm">
              {keepThaiWords(m.workspace.nameHint)}
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg leading-tight">{m.hours.title}</h2>
            <CardDescription>{keepThaiWords(m.hours.intro)}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Checkbox
              label={m.hours.enabled}
              checked={hours.enabled}
              onChange={(enabled) => setHours((current) => ({ ...current, enabled }))}
            />
            <div className="max-w-xs space-y-1">
              <Label htmlFor={`${id}-zone`}>{m.hours.timeZone}</Label>
              <NativeSelect
                id={`${id}-zone`}
                value={hours.timeZone}
                onChange={(event) =>
                  setHours((current) => ({ ...current, timeZone: event.target.value }))
                }
                aria-invalid={Boolean(issues.timeZone)}
                aria-describedby={errorId("timeZone")}
              >
                {timeZoneOptions(hours.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, " ")}
                  </option>
                ))}
              </NativeSelect>
              <FieldIssue id={errorId("timeZone")} text={issues.timeZone} />
            </div>
            <fieldset className="space-y-2">
              <legend className="sr-only">{m.hours.title}</legend>
              {weekdays.map((day) => {
                const form = hours.days[day]!;
                const dayName = m.hours.days[day]!;
                const isBad = dayIssues.has(day);
                return (
                  <div
                    key={day}
                    className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border p-3"
                    data-testid={`hours-day-${day}`}
                  >
                    <div className="w-40">
                      <Checkbox
                        label={dayName}
                        checked={form.isOpen}
                        onChange={(isOpen) => setDay(day, { isOpen })}
                        ariaLabel={m.hours.dayOpen(dayName)}
                      />
                    </div>
                    {form.isOpen ? (
                      <div className="flex w-full items-center gap-2 sm:w-auto">
                        <Input
                          type="time"
                          className="min-w-0 flex-1 sm:w-36 sm:flex-none"
                          value={form.open}
                          aria-label={m.hours.opensAt(dayName)}
                          aria-invalid={isBad}
                          onChange={(event) => setDay(day, { open: event.target.value })}
                        />
                        <span aria-hidden="true">–</span>
                        <Input
                          type="time"
                          className="min-w-0 flex-1 sm:w-36 sm:flex-none"
                          value={form.close}
                          aria-label={m.hours.closesAt(dayName)}
                          aria-invalid={isBad}
                          onChange={(event) => setDay(day, { close: event.target.value })}
                        />
                      </div>
                    ) : (
                      <span className="text-muted-foreground text-sm">{m.hours.closed}</span>
                    )}
                    {isBad ? (
                      <p className="w-full text-destructive text-sm">{m.issues.order}</p>
                    ) : null}
                  </div>
                );
              })}
              {issues.days && dayIssues.size === 0 ? (
                <p className="text-destructive text-sm">{issues.days}</p>
              ) : null}
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg leading-tight">{m.alerts.title}</h2>
            <CardDescription>{keepThaiWords(m.alerts.intro)}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <div className="space-y-1">
              <Checkbox
                label={m.alerts.newConversation}
                checked={alerts.newConversation}
                onChange={(newConversation) =>
                  setAlerts((current) => ({ ...current, newConversation }))
                }
              />
              <p className="pl-6 text-muted-foreground text-sm">
                {keepThaiWords(m.alerts.newConversationHint)}
              </p>
            </div>
            <div className="max-w-md space-y-1">
              <Label htmlFor={`${id}-waiting`} className="block leading-snug">
                {m.alerts.waitingMinutes}
              </Label>
              <Input
                id={`${id}-waiting`}
                type="number"
                inputMode="numeric"
                min={0}
                max={24 * 60}
                step={1}
                className="w-32"
                value={alerts.waitingMinutes}
                onChange={(event) =>
                  setAlerts((current) => ({ ...current, waitingMinutes: event.target.value }))
                }
                aria-invalid={Boolean(issues.waitingMinutes)}
                aria-describedby={errorId("waitingMinutes") ?? `${id}-waiting-hint`}
              />
              <FieldIssue id={errorId("waitingMinutes")} text={issues.waitingMinutes} />
              <p id={`${id}-waiting-hint`} className="text-muted-foreground text-sm">
                {keepThaiWords(m.alerts.waitingHint)}
              </p>
            </div>
            <div className="space-y-2 rounded-lg border p-3">
              <Checkbox
                label={m.alerts.line}
                checked={alerts.lineEnabled}
                onChange={(lineEnabled) => setAlerts((current) => ({ ...current, lineEnabled }))}
              />
              <p className="pl-6 text-sm" data-testid="line-staff-group">
                {settings.lineStaffGroup ? (
                  <>
                    {m.alerts.lineJoined} <LocalDate iso={settings.lineStaffGroup.joinedAt} />
                  </>
                ) : (
                  <span className="text-muted-foreground">
                    {keepThaiWords(m.alerts.lineNotYet)}
                  </span>
                )}
              </p>
              <p className="pl-6 text-amber-800 text-sm">{keepThaiWords(m.alerts.lineQuota)}</p>
            </div>
          </CardContent>
        </Card>

        {issues.form ? (
          <p role="alert" className="text-destructive text-sm">
            {issues.form}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? m.common.saving : m.common.save}
        </Button>
      </form>

      <CannedRepliesSection />
    </div>
  );
}

function FieldIssue({ id, text }: { id: string | undefined; text: string | undefined }) {
  if (!text || !id) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {text}
    </p>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
  ariaLabel,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  ariaLabel?: string;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0"
        checked={checked}
        aria-label={ariaLabel}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="font-medium">{label}</span>
    </label>
  );
}

/** A date in the reader's language and time zone (the UTC date until the browser takes over). */
function LocalDate({ iso }: { iso: string }) {
  const locale = useLocale();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    setText(
      new Intl.DateTimeFormat(localeTag(locale), { dateStyle: "medium" }).format(new Date(iso)),
    );
  }, [iso, locale]);
  return <time dateTime={iso}>{text ?? iso.slice(0, 10)}</time>;
}
