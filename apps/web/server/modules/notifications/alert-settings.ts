import {
  defaultBusinessHours,
  defaultNotificationPrefs,
  type NotificationPrefs,
  NotificationPrefsSchema,
} from "@jai/contracts/inbox";
import type { WorkspaceAlertSettings } from "@jai/db";

/**
 * The workspace's alert settings before anyone saved them: no alert per new conversation (a
 * busy bot would flood the team), a waiting alert after 10 minutes, and the LINE staff group
 * off until an admin turns it on (a group the team did not choose must never get customers'
 * names).
 */
export const defaultWorkspaceAlerts: WorkspaceAlertSettings = {
  newConversation: false,
  waitingMinutes: 10,
  lineStaffGroup: null,
  lineEnabled: false,
};

/** Stored alert settings (null or partial for older rows) with the defaults filled in. */
export function resolveWorkspaceAlerts(
  stored: Partial<WorkspaceAlertSettings> | null | undefined,
): WorkspaceAlertSettings {
  return { ...defaultWorkspaceAlerts, ...(stored ?? {}) };
}

/** A member's stored preferences (null, or from an older shape) read with the defaults. */
export function resolvePrefs(stored: unknown): NotificationPrefs {
  if (!stored || typeof stored !== "object") return defaultNotificationPrefs;
  const value = stored as Partial<NotificationPrefs>;
  const merged = {
    events: { ...defaultNotificationPrefs.events, ...(value.events ?? {}) },
    means: { ...defaultNotificationPrefs.means, ...(value.means ?? {}) },
    quietHours: { ...defaultNotificationPrefs.quietHours, ...(value.quietHours ?? {}) },
  };
  const parsed = NotificationPrefsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultNotificationPrefs;
}

/** The workspace's time zone (its business hours'), Bangkok when unset or unknown. */
export function workspaceTimeZone(businessHours: { timeZone?: string } | null | undefined) {
  const zone = businessHours?.timeZone;
  return zone && isTimeZone(zone) ? zone : defaultBusinessHours.timeZone;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight at `at` in `timeZone`. */
export function minutesInZone(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether `at` falls in the member's quiet hours, read in the workspace's time zone: from
 * `from` (included) to `to` (excluded), across midnight when `to` is earlier ("22:00"–"08:00").
 * Equal times are an empty window.
 */
export function isQuietAt(prefs: NotificationPrefs, timeZone: string, at: Date): boolean {
  const { enabled, from, to } = prefs.quietHours;
  if (!enabled || from === to) return false;
  const now = minutesInZone(at, timeZone);
  const start = toMinutes(from);
  const end = toMinutes(to);
  return start < end ? now >= start && now < end : now >= start || now < end;
}
