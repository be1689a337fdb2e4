import { defaultNotificationPrefs, type NotificationPrefs } from "@jai/contracts/inbox";
import { describe, expect, it } from "vitest";
import {
  isQuietAt,
  resolvePrefs,
  resolveWorkspaceAlerts,
  workspaceTimeZone,
} from "./alert-settings";

const quiet = (from: string, to: string): NotificationPrefs => ({
  ...defaultNotificationPrefs,
  quietHours: { enabled: true, from, to },
});
/** An instant at hh:mm Bangkok time (UTC+7). */
const bangkok = (clock: string) => new Date(`2026-03-02T${clock}:00+07:00`);

describe("quiet hours", () => {
  it("span midnight when they end earlier than they start", () => {
    const prefs = quiet("22:00", "08:00");
    expect(isQuietAt(prefs, "Asia/Bangkok", bangkok("21:59"))).toBe(false);
    expect(isQuietAt(prefs, "Asia/Bangkok", bangkok("22:00"))).toBe(true);
    expect(isQuietAt(prefs, "Asia/Bangkok", bangkok("03:00"))).toBe(true);
    expect(isQuietAt(prefs, "Asia/Bangkok", bangkok("08:00"))).toBe(false);
  });

  it("are read in the workspace's time zone, and do nothing when off or empty", () => {
    const prefs = quiet("12:00", "13:00");
    // Noon in Bangkok is 06:00 in Paris (winter).
    expect(isQuietAt(prefs, "Asia/Bangkok", bangkok("12:30"))).toBe(true);
    expect(isQuietAt(prefs, "Europe/Paris", bangkok("12:30"))).toBe(false);
    expect(
      isQuietAt(
        { ...prefs, quietHours: { ...prefs.quietHours, enabled: false } },
        "Asia/Bangkok",
        bangkok("12:30"),
      ),
    ).toBe(false);
    expect(isQuietAt(quiet("09:00", "09:00"), "Asia/Bangkok", bangkok("09:00"))).toBe(false);
  });
});

describe("stored settings", () => {
  it("fill what was never saved with the defaults", () => {
    expect(resolvePrefs(null)).toEqual(defaultNotificationPrefs);
    expect(resolvePrefs({ means: { email: false } }).means).toEqual({ email: false, push: true });
    expect(resolvePrefs({ quietHours: { from: "nonsense" } })).toEqual(defaultNotificationPrefs);
    expect(resolveWorkspaceAlerts(null)).toMatchObject({ waitingMinutes: 10, lineEnabled: false });
    expect(workspaceTimeZone({ timeZone: "Mars/Olympus" })).toBe("Asia/Bangkok");
    expect(workspaceTimeZone({ timeZone: "Europe/Paris" })).toBe("Europe/Paris");
  });
});
