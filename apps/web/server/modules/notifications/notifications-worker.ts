import type { LineEndpoints } from "@jai/channels/line/index";
import type { WorkspaceRole } from "@jai/contracts/inbox";
import type { Locale } from "@jai/contracts/locale";
import {
  type AlertKind,
  alertEventKey,
  alertKindsForRole,
  notificationLimits,
} from "@jai/contracts/notifications";
import {
  and,
  type BusinessHours,
  type Db,
  emailOutbox,
  eq,
  inArray,
  isNull,
  type NewEmailOutboxMessage,
  type NotificationRow,
  notifications,
  pushSubscriptions,
  sql,
  type WorkspaceAlertSettings,
} from "@jai/db";
import { createPollingWorker } from "../../jobs/polling-worker";
import { describeError, type Logger } from "../../logger";
import type { SecretBox } from "../../services/console/secret-box";
import {
  defaultWorkspaceAlerts,
  isQuietAt,
  resolvePrefs,
  resolveWorkspaceAlerts,
  workspaceTimeZone,
} from "./alert-settings";
import {
  type Alert,
  cleanName,
  cleanPreview,
  composeAlertEmail,
  composeAlertLine,
  composeAlertPush,
} from "./compose-alerts";
import { deliverPushes, type StoredSubscription } from "./deliver-pushes";
import { pushToStaffGroup, uuidFrom } from "./line-staff-group";
import { queueNotification } from "./queue-notification";
import type { PushMessage } from "./send-web-push";
import type { VapidKeys } from "./vapid-keys";

export type NotificationsWorkerOptions = {
  db: Db;
  logger: Logger;
  vapidKeys: VapidKeys;
  /** Where the staff group's pushes go (LINE, or a fake in tests). */
  lineEndpoints: LineEndpoints;
  /** Opens the LINE connection's sealed token. */
  secretBox: SecretBox;
  /** PUBLIC_URL: the links in alerts. */
  publicUrl: string;
  /** ALLOW_PRIVATE_WEBHOOKS: push services on http or private addresses (tests only). */
  allowPrivatePushEndpoints?: boolean;
  /** Wakes the email outbox once alert emails are queued. */
  onEmailQueued?: () => void;
  /** A workspace's alerts wait until the oldest is this old (a burst becomes one email). */
  batchWindowMs?: number;
  /** …or until this many wait. */
  batchMaxAlerts?: number;
  pollIntervalMs?: number;
  /** How long a claim lasts: a worker that dies mid-batch loses it after this. */
  leaseMs?: number;
  /** Workspaces whose batch is sent per round. */
  workspacesPerRound?: number;
  pushTimeoutMs?: number;
  /** The clock quiet hours are read with (tests). */
  now?: () => Date;
};

export type NotificationsWorker = {
  start(): void;
  wake(): void;
  /** Queues the waiting alerts that are due, then sends the batches that are due. */
  runOnce(): Promise<number>;
  /** The periodic check alone: conversations waiting too long. Returns alerts queued. */
  queueWaitingAlerts(): Promise<number>;
  stop(timeoutMs?: number): Promise<void>;
};

/** The job's name in the registry (producers wake it after queueing). */
export const notificationsJob = "notifications";

class LeaseLost extends Error {}

type Member = {
  userId: string;
  role: WorkspaceRole;
  prefs: unknown;
  email: string;
  emailVerified: boolean;
  locale: Locale;
  name: string;
};

/**
 * Sends the team's alerts (issue 14), by batch per workspace: a workspace's queued alerts wait
 * until the oldest is `batchWindowMs` old or `batchMaxAlerts` wait, then each member gets ONE
 * email listing the batch (their language, through the email outbox) and ONE browser
 * notification per browser, and the LINE staff group gets ONE push. Each member's share
 * follows their preferences (events, means, quiet hours in the workspace's time zone); agents
 * hear about customers waiting for a person. Handoff and waiting alerts whose customer no longer
 * waits (someone took over meanwhile) are dropped.
 *
 * Any number of workers on any number of instances: a batch is claimed with the workspace row
 * locked (`FOR NO KEY UPDATE SKIP LOCKED`, so one worker at a time claims a workspace's
 * alerts) and a lease on the rows; the emails are queued in the same transaction that marks the
 * alerts processed, and only while the lease is still ours. Pushes go before that commit: a
 * worker that dies in between lets the next one send the batch again (LINE drops the repeat by
 * its retry key).
 *
 * Each round also queues "waiting" alerts: pending conversations whose customer waits longer
 * than the workspace's `waitingMinutes`, once per wait (`waiting_alerted_at`).
 */
export function createNotificationsWorker(
  options: NotificationsWorkerOptions,
): NotificationsWorker {
  const {
    db,
    logger,
    publicUrl,
    batchWindowMs = notificationLimits.batchWindowSeconds * 1000,
    batchMaxAlerts = notificationLimits.batchMaxAlerts,
    pollIntervalMs = 5_000,
    leaseMs = 2 * 60_000,
    workspacesPerRound = 5,
    now = () => new Date(),
  } = options;
  let stopping: AbortController | undefined;
  const pushOptions = {
    vapid: options.vapidKeys,
    allowPrivate: options.allowPrivatePushEndpoints ?? false,
    timeoutMs: options.pushTimeoutMs ?? 10_000,
  };

  async function queueWaitingAlerts(): Promise<number> {
    const fallback = defaultWorkspaceAlerts.waitingMinutes;
    // The workspace's threshold, or the default when it never saved one.
    const minutes = sql`(case when jsonb_typeof(w.alerts->'waitingMinutes') = 'number'
      then floor((w.alerts->>'waitingMinutes')::numeric)::int else ${fallback}::int end)`;
    return db.transaction(async (tx) => {
      const due = await tx.execute<{
        id: string;
        workspace_id: string;
        bot_id: string;
        waiting_since_ms: number;
      }>(sql`
        with due as (
          select c.id from conversations c
          join workspaces w on w.id = c.workspace_id
          where c.status = 'pending' and c.waiting_since is not null
            and ${minutes} > 0
            and c.waiting_since <= now() - make_interval(mins => ${minutes})
            and (c.waiting_alerted_at is null or c.waiting_alerted_at < c.waiting_since)
          order by c.waiting_since
          limit 100
          for update of c skip locked
        )
        update conversations c set waiting_alerted_at = now()
        from due where c.id = due.id
        returning c.id, c.workspace_id, c.bot_id,
          (extract(epoch from c.waiting_since) * 1000)::float8 as waiting_since_ms`);
      if (due.rows.length === 0) return 0;
      const details = await conversationDetails(
        tx,
        due.rows.map((row) => row.id),
      );
      let queued = 0;
      for (const row of due.rows) {
        const detail = details.get(row.id);
        const waitingSince = Number(row.waiting_since_ms);
        const isNew = await queueNotification(tx, {
          workspaceId: row.workspace_id,
          kind: "waiting",
          botId: row.bot_id,
          conversationId: row.id,
          payload: {
            contactName: detail?.contactName ?? null,
            channel: detail?.channel ?? null,
            botName: detail?.botName ?? null,
            preview: detail?.preview ?? null,
            language: detail?.language ?? null,
            waitingSince: new Date(waitingSince).toISOString(),
            waitingMinutes: Math.max(0, Math.floor((Date.now() - waitingSince) / 60_000)),
          },
          dedupeKey: `waiting:${row.id}:${Math.round(waitingSince)}`,
        });
        if (isNew) queued++;
      }
      return queued;
    });
  }

  /** Workspaces whose batch is due now, oldest first. */
  async function dueWorkspaces(): Promise<string[]> {
    const result = await db.execute<{ workspace_id: string }>(sql`
      select workspace_id from notifications
      where processed_at is null and (locked_until is null or locked_until < now())
      group by workspace_id
      having min(created_at) <= now() - ${Math.max(0, Math.round(batchWindowMs))}::integer * interval '1 millisecond'
        or count(*) >= ${batchMaxAlerts}
      order by min(created_at)
      limit ${workspacesPerRound}`);
    return result.rows.map((row) => row.workspace_id);
  }

  type Claim = {
    workspace: {
      id: string;
      name: string;
      alerts: WorkspaceAlertSettings | null;
      businessHours: BusinessHours | null;
    };
    rows: NotificationRow[];
    lease: Date;
  };

  /** Claims a workspace's due batch, or null (another worker has it, or it is not due). */
  async function claim(workspaceId: string): Promise<Claim | null> {
    return db.transaction(async (tx) => {
      const locked = await tx.execute<{
        id: string;
        name: string;
        alerts: WorkspaceAlertSettings | null;
        business_hours: BusinessHours | null;
      }>(sql`select id, name, alerts, business_hours from workspaces
        where id = ${workspaceId} for no key update skip locked`);
      const workspace = locked.rows[0];
      if (!workspace) return null;
      const waiting = await tx.execute<{ id: string; due: boolean }>(sql`
        select id, created_at <= now() - ${Math.max(0, Math.round(batchWindowMs))}::integer * interval '1 millisecond' as due
        from notifications
        where workspace_id = ${workspaceId} and processed_at is null
          and (locked_until is null or locked_until < now())
        order by created_at
        limit ${batchMaxAlerts}
        for update skip locked`);
      const first = waiting.rows[0];
      if (!first || !(first.due || waiting.rows.length >= batchMaxAlerts)) return null;
      // Milliseconds only, so the finishing update can compare it exactly.
      const lease = new Date(Date.now() + leaseMs);
      const rows = await tx
        .update(notifications)
        .set({ lockedUntil: lease })
        .where(
          inArray(
            notifications.id,
            waiting.rows.map((row) => row.id),
          ),
        )
        .returning();
      return {
        workspace: {
          id: workspace.id,
          name: workspace.name,
          alerts: workspace.alerts,
          businessHours: workspace.business_hours,
        },
        rows,
        lease,
      };
    });
  }

  async function sendBatch({ workspace, rows, lease }: Claim): Promise<void> {
    const alertSettings = resolveWorkspaceAlerts(workspace.alerts);
    const alerts = await readAlerts(rows, alertSettings);
    const members = await listMembers(workspace.id);
    const timeZone = workspaceTimeZone(workspace.businessHours);
    const at = now();

    const emails: NewEmailOutboxMessage[] = [];
    const pushes: Array<{ userId: string; message: PushMessage }> = [];
    for (const member of members) {
      const prefs = resolvePrefs(member.prefs);
      const kinds = new Set<AlertKind>(
        alertKindsForRole(member.role).filter((kind) => prefs.events[alertEventKey[kind]]),
      );
      const mine = alerts.filter((alert) => kinds.has(alert.kind));
      if (mine.length === 0 || isQuietAt(prefs, timeZone, at)) continue;
      if (prefs.means.email && member.emailVerified) {
        const email = composeAlertEmail({
          alerts: mine,
          locale: member.locale,
          memberName: member.name,
          workspaceName: workspace.name,
          publicUrl,
        });
        emails.push({
          kind: "notification",
          toAddress: member.email.trim().toLowerCase(),
          subject: email.subject,
          textBody: email.text,
        });
      }
      if (prefs.means.push) {
        pushes.push({ userId: member.userId, message: composeAlertPush(mine, member.locale) });
      }
    }

    let pushed = { sent: 0, failed: 0, gone: 0 };
    if (pushes.length > 0) {
      const subscriptions = await db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(
          inArray(
            pushSubscriptions.userId,
            pushes.map((push) => push.userId),
          ),
        );
      const sends: Array<{ subscription: StoredSubscription; message: PushMessage }> = [];
      for (const push of pushes) {
        for (const subscription of subscriptions) {
          if (subscription.userId === push.userId)
            sends.push({ subscription, message: push.message });
        }
      }
      pushed = await deliverPushes({ db, logger, push: pushOptions }, sends, stopping?.signal);
    }

    let line: string = "none";
    if (alerts.length > 0 && alertSettings.lineEnabled && alertSettings.lineStaffGroup) {
      const owner = members.find((member) => member.role === "owner");
      const text = composeAlertLine({ alerts, locale: owner?.locale ?? "th", publicUrl });
      const batchKey = rows
        .map((row) => row.id)
        .sort()
        .join(",");
      const result = await pushToStaffGroup(
        { db, secretBox: options.secretBox, endpoints: options.lineEndpoints },
        { id: workspace.id, alerts: alertSettings },
        text,
        uuidFrom(`alerts:${workspace.id}:${batchKey}`),
      );
      line = result.sent ? "sent" : result.reason;
      if (!result.sent && result.reason === "failed") {
        logger.warn("LINE staff group alert not sent", {
          workspaceId: workspace.id,
          error: result.error,
        });
      }
    }

    const ids = rows.map((row) => row.id);
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(notifications)
        .set({ processedAt: sql`now()`, lockedUntil: null })
        .where(
          and(
            inArray(notifications.id, ids),
            eq(notifications.lockedUntil, lease),
            isNull(notifications.processedAt),
          ),
        )
        .returning({ id: notifications.id });
      if (marked.length !== ids.length) throw new LeaseLost();
      if (emails.length > 0) await tx.insert(emailOutbox).values(emails);
    });
    if (emails.length > 0) options.onEmailQueued?.();
    logger.info("alerts sent", {
      workspaceId: workspace.id,
      alerts: alerts.length,
      dropped: rows.length - alerts.length,
      emails: emails.length,
      pushes: pushed.sent,
      pushFailures: pushed.failed,
      line,
    });
  }

  /**
   * The batch's alerts with what they are about: the producer's payload first, the
   * conversation as it is now for what the payload lacks. Drops what no longer applies.
   */
  async function readAlerts(
    rows: Claim["rows"],
    settings: WorkspaceAlertSettings,
  ): Promise<Alert[]> {
    const ids = [
      ...new Set(rows.map((row) => row.conversationId).filter((id): id is string => !!id)),
    ];
    const details = await conversationDetails(db, ids);
    const alerts: Alert[] = [];
    for (const row of rows) {
      const payload = row.payload ?? {};
      const detail = row.conversationId ? details.get(row.conversationId) : undefined;
      if (row.kind === "new_conversation" && !settings.newConversation) continue;
      // The customer no longer waits for a person: someone took over, or it went back to the bot.
      if ((row.kind === "handoff" || row.kind === "waiting") && detail?.status !== "pending") {
        continue;
      }
      const text = (key: string) => (typeof payload[key] === "string" ? payload[key] : null);
      const waitingMinutes =
        row.kind === "waiting" && typeof payload.waitingMinutes === "number"
          ? payload.waitingMinutes
          : null;
      alerts.push({
        id: row.id,
        kind: row.kind,
        conversationId: row.conversationId,
        contactName: cleanName(text("contactName") ?? detail?.contactName),
        channel: text("channel") ?? detail?.channel ?? null,
        botName: cleanName(text("botName") ?? detail?.botName),
        reason: text("reason"),
        preview: cleanPreview(text("preview") ?? detail?.preview),
        waitingMinutes,
      });
    }
    return alerts;
  }

  async function listMembers(workspaceId: string): Promise<Member[]> {
    const result = await db.execute<{
      user_id: string;
      role: WorkspaceRole;
      notification_prefs: unknown;
      email: string;
      email_verified: boolean;
      locale: string;
      name: string;
    }>(sql`
      select m.user_id, m.role, m.notification_prefs, u.email, u.email_verified, u.locale, u.name
      from workspace_members m join users u on u.id = m.user_id
      where m.workspace_id = ${workspaceId}`);
    return result.rows.map((row) => ({
      userId: row.user_id,
      role: row.role,
      prefs: row.notification_prefs,
      email: row.email,
      emailVerified: row.email_verified === true,
      locale: row.locale === "th" ? "th" : "en",
      name: row.name,
    }));
  }

  async function runOnce(): Promise<number> {
    try {
      const queued = await queueWaitingAlerts();
      if (queued > 0) logger.debug("waiting alerts queued", { queued });
    } catch (error) {
      logger.error("notifications: waiting check failed", describeError(error));
    }
    let handled = 0;
    for (const workspaceId of await dueWorkspaces()) {
      const claimed = await claim(workspaceId);
      if (!claimed) continue;
      handled++;
      try {
        await sendBatch(claimed);
      } catch (error) {
        if (error instanceof LeaseLost) {
          logger.warn("notifications: a batch outlived its lease; another worker sends it", {
            workspaceId,
          });
        } else {
          // The rows stay claimed until the lease passes, then the batch is tried again.
          logger.error("notifications: batch failed", { workspaceId, ...describeError(error) });
        }
      }
    }
    return handled;
  }

  const loop = createPollingWorker({
    name: notificationsJob,
    logger,
    runOnce,
    batchSize: workspacesPerRound,
    pollIntervalMs,
    inFlightWork: "the alerts in flight",
  });

  return {
    start() {
      stopping = new AbortController();
      loop.start();
    },
    wake: () => loop.wake(),
    runOnce,
    queueWaitingAlerts,
    async stop(timeoutMs) {
      await loop.stop(timeoutMs);
      stopping?.abort();
    },
  };
}

type ConversationDetail = {
  status: string;
  channel: string;
  language: string | null;
  contactName: string | null;
  botName: string | null;
  preview: string | null;
};

/** Who and what each conversation is about now (names for alerts that lack them). */
async function conversationDetails(
  db: Db,
  ids: string[],
): Promise<Map<string, ConversationDetail>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{
    id: string;
    status: string;
    channel: string;
    language: string | null;
    contact_name: string | null;
    bot_name: string | null;
    preview: string | null;
  }>(sql`
    select c.id, c.status, c.channel, c.language, ct.display_name as contact_name,
      b.name as bot_name, c.last_message_preview as preview
    from conversations c
    left join contacts ct on ct.id = c.contact_id
    left join bots b on b.id = c.bot_id
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        status: row.status,
        channel: row.channel,
        language: row.language,
        contactName: row.contact_name,
        botName: row.bot_name,
        preview: row.preview,
      },
    ]),
  );
}
