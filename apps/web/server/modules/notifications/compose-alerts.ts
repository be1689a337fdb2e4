import { brand } from "@jai/contracts";
import { type Locale, localizePath } from "@jai/contracts/locale";
import { type AlertText, alertTexts, notificationLimits } from "@jai/contracts/notifications";
import { escapeBlock, escapeLine } from "../../services/mail/escape-plain-text";
import type { PushMessage } from "./send-web-push";

/** One queued alert with what it is about, as the notifications job read it. */
export type Alert = AlertText & { id: string; conversationId: string | null };

/** Customer text cleaned for one line (names) or a quote (previews), and cut. */
export function cleanName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  return escapeLine(value).slice(0, 80) || null;
}
export function cleanPreview(value: unknown): string | null {
  if (typeof value !== "string") return null;
  return escapeLine(value).slice(0, 200) || null;
}

const conversationPath = (alert: Alert) =>
  alert.conversationId ? `/app/inbox/${alert.conversationId}` : "/app/inbox";

/** Where a click goes: the conversation when the batch is about one, else the inbox. */
export function alertsPath(alerts: readonly Alert[], locale: Locale): string {
  const ids = new Set(alerts.map((alert) => alert.conversationId));
  const [only] = ids;
  return localizePath(ids.size === 1 && only ? `/app/inbox/${only}` : "/app/inbox", locale);
}

/** Distinct customers (conversations) of a batch: "2 customers are waiting". */
function customers(alerts: readonly Alert[]): number {
  return new Set(alerts.map((alert) => alert.conversationId ?? alert.id)).size;
}

/** "Somchai (LINE, Somtam bot): asked for a person". */
function line(alert: Alert, locale: Locale): string {
  const t = alertTexts[locale];
  const where = [alert.channel ? t.channel(alert.channel) : null, alert.botName]
    .filter(Boolean)
    .join(", ");
  const who = alert.contactName ?? t.someone;
  return `${who}${where ? ` (${where})` : ""}: ${t.what(alert)}`;
}

export function alertsSubject(alerts: readonly Alert[], locale: Locale): string {
  return alertTexts[locale].subject(alerts, customers(alerts));
}

/**
 * One email for a member's share of a batch: every alert with the customer's last words and a
 * link to its conversation. Plain text; customer text is quoted so it can never pass for a
 * header or a line of ours.
 */
export function composeAlertEmail(input: {
  alerts: readonly Alert[];
  locale: Locale;
  memberName: string;
  workspaceName: string;
  publicUrl: string;
}): { subject: string; text: string } {
  const { alerts, locale, publicUrl } = input;
  const t = alertTexts[locale];
  const workspace = escapeLine(input.workspaceName).slice(0, 80);
  const blocks = alerts.map((alert) => {
    const parts = [`• ${line(alert, locale)}`];
    if (alert.preview) parts.push(escapeBlock(alert.preview));
    parts.push(`  ${publicUrl}${localizePath(conversationPath(alert), locale)}`);
    return parts.join("\n");
  });
  const text = [
    t.greeting(escapeLine(input.memberName).slice(0, 80)),
    t.intro(workspace),
    blocks.join("\n\n"),
    t.openInbox(`${publicUrl}${localizePath("/app/inbox", locale)}`),
    t.footer(workspace, `${publicUrl}${localizePath("/app/notifications", locale)}`),
    t.signature(brand.name),
  ].join("\n\n");
  return {
    subject: escapeLine(`${alertsSubject(alerts, locale)} · ${workspace}`),
    text: `${text}\n`,
  };
}

/** One browser notification for a member's share of a batch. */
export function composeAlertPush(alerts: readonly Alert[], locale: Locale): PushMessage {
  const t = alertTexts[locale];
  const first = alerts[0]!;
  const more = alerts.length > 1 ? ` ${t.more(alerts.length - 1)}` : "";
  const quote = alerts.length === 1 && first.preview ? `\n“${first.preview}”` : "";
  return {
    title: alertsSubject(alerts, locale),
    body: `${line(first, locale)}${more}${quote}`,
    url: alertsPath(alerts, locale),
    // One notification per conversation (or the inbox): a newer one replaces it on screen.
    tag: `jai:${alertsPath(alerts, "en")}`,
  };
}

/** The staff group's message for a batch: every alert (up to a few), each with its link. */
export function composeAlertLine(input: {
  alerts: readonly Alert[];
  locale: Locale;
  publicUrl: string;
}): string {
  const { alerts, locale, publicUrl } = input;
  const t = alertTexts[locale];
  const listed = alerts.slice(0, notificationLimits.lineListed).map((alert) => {
    const parts = [`• ${line(alert, locale)}`];
    if (alert.preview) parts.push(`  “${alert.preview}”`);
    parts.push(`  ${publicUrl}${localizePath(conversationPath(alert), locale)}`);
    return parts.join("\n");
  });
  const rest = alerts.length - listed.length;
  return [
    `🔔 ${alertsSubject(alerts, locale)}`,
    listed.join("\n\n"),
    ...(rest > 0 ? [t.more(rest)] : []),
  ].join("\n\n");
}
