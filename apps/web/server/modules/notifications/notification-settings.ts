import { brand } from "@jai/contracts";
import { type NotificationPrefs, NotificationPrefsSchema } from "@jai/contracts/inbox";
import { type Locale, localizePath } from "@jai/contracts/locale";
import {
  alertKindsForRole,
  alertTexts,
  type NotificationSettingsDto,
  notificationLimits,
  type PushKeyDto,
  type TestNotificationDto,
} from "@jai/contracts/notifications";
import {
  and,
  type Database,
  emailOutbox,
  eq,
  pushSubscriptions,
  workspaceMembers,
  workspaces,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { createRateLimit } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { parseInput } from "../../services/console/parse-input";
import { escapeLine } from "../../services/mail/escape-plain-text";
import type { WorkspaceAccess } from "../workspaces/workspace-access";
import { resolvePrefs, workspaceTimeZone } from "./alert-settings";
import { deliverPushes } from "./deliver-pushes";
import {
  countPushSubscriptions,
  deletePushSubscription,
  savePushSubscription,
} from "./push-subscriptions";
import type { VapidKeys } from "./vapid-keys";

/** The signed-in member, as the notifications API needs them. */
export type NotifiedMember = Pick<WorkspaceAccess, "workspaceId" | "workspaceName" | "role"> & {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  locale: Locale;
};

export type NotificationSettingsDeps = {
  database: Database;
  logger: Logger;
  vapidKeys: VapidKeys;
  /** ALLOW_PRIVATE_WEBHOOKS: push services on http or private addresses (tests only). */
  allowPrivatePushEndpoints: boolean;
  publicUrl: string;
  onEmailQueued?: () => void;
};

export type NotificationSettings = ReturnType<typeof createNotificationSettings>;

/**
 * A member's own alerts (any role): their preferences in the current workspace, their
 * browsers (Web Push subscriptions), the VAPID public key browsers subscribe with, and a test
 * notification sent to them alone, now.
 */
export function createNotificationSettings(deps: NotificationSettingsDeps) {
  const { logger, publicUrl } = deps;
  const db = deps.database.db;
  const tests = createRateLimit(deps.database, {
    name: "notification-test",
    points: notificationLimits.testsPerHour,
    durationSeconds: 60 * 60,
  });

  async function readPrefs(member: NotifiedMember): Promise<NotificationPrefs> {
    const [row] = await db
      .select({ prefs: workspaceMembers.notificationPrefs })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, member.workspaceId),
          eq(workspaceMembers.userId, member.userId),
        ),
      );
    if (!row) throw new AppError("NOT_FOUND");
    return resolvePrefs(row.prefs);
  }

  async function settings(
    member: NotifiedMember,
    prefs: NotificationPrefs,
  ): Promise<NotificationSettingsDto> {
    const [workspace] = await db
      .select({ businessHours: workspaces.businessHours })
      .from(workspaces)
      .where(eq(workspaces.id, member.workspaceId));
    return {
      prefs,
      role: member.role,
      kinds: [...alertKindsForRole(member.role)],
      timeZone: workspaceTimeZone(workspace?.businessHours),
      pushSubscriptions: await countPushSubscriptions(db, member.userId),
      emailVerified: member.emailVerified,
    };
  }

  return {
    pushKey(): PushKeyDto {
      return { publicKey: deps.vapidKeys.publicKey };
    },

    async get(member: NotifiedMember): Promise<NotificationSettingsDto> {
      return settings(member, await readPrefs(member));
    },

    async update(member: NotifiedMember, input: unknown): Promise<NotificationSettingsDto> {
      const prefs = parseInput(NotificationPrefsSchema, input);
      const updated = await db
        .update(workspaceMembers)
        .set({ notificationPrefs: prefs, updatedAt: new Date() })
        .where(
          and(
            eq(workspaceMembers.workspaceId, member.workspaceId),
            eq(workspaceMembers.userId, member.userId),
          ),
        )
        .returning({ userId: workspaceMembers.userId });
      if (updated.length === 0) throw new AppError("NOT_FOUND");
      return settings(member, prefs);
    },

    subscribe(member: NotifiedMember, input: unknown, userAgent: string | null) {
      return savePushSubscription(db, member.userId, input, {
        allowPrivate: deps.allowPrivatePushEndpoints,
        userAgent,
      });
    },

    unsubscribe(member: NotifiedMember, input: unknown) {
      return deletePushSubscription(db, member.userId, input);
    },

    /**
     * A test alert to this member alone, by their means, now (quiet hours do not apply: they
     * asked for it). At most `testsPerHour` an hour: it sends emails.
     */
    async sendTest(member: NotifiedMember): Promise<TestNotificationDto> {
      await tests.consume(member.userId);
      const prefs = await readPrefs(member);
      const t = alertTexts[member.locale];
      const workspace = escapeLine(member.workspaceName).slice(0, 80);
      let email: TestNotificationDto["email"] = "off";
      if (prefs.means.email) {
        if (!member.emailVerified) email = "unverified";
        else {
          const settingsLink = `${publicUrl}${localizePath("/app/notifications", member.locale)}`;
          await db.insert(emailOutbox).values({
            kind: "notification",
            toAddress: member.email.trim().toLowerCase(),
            subject: escapeLine(t.testSubject(brand.name)),
            textBody: `${[
              t.greeting(escapeLine(member.name).slice(0, 80)),
              t.testBody(workspace),
              t.footer(workspace, settingsLink),
              t.signature(brand.name),
            ].join("\n\n")}\n`,
          });
          email = "queued";
          deps.onEmailQueued?.();
        }
      }
      let push: TestNotificationDto["push"] = "off";
      if (prefs.means.push) {
        const subscriptions = await db
          .select({
            id: pushSubscriptions.id,
            endpoint: pushSubscriptions.endpoint,
            p256dh: pushSubscriptions.p256dh,
            auth: pushSubscriptions.auth,
          })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, member.userId));
        const message = {
          title: t.testSubject(brand.name),
          body: t.testBody(workspace),
          url: localizePath("/app/notifications", member.locale),
          tag: "jai:test",
        };
        const result = await deliverPushes(
          {
            db,
            logger,
            push: { vapid: deps.vapidKeys, allowPrivate: deps.allowPrivatePushEndpoints },
          },
          subscriptions.map((subscription) => ({ subscription, message })),
        );
        push = {
          sent: result.sent,
          failed: result.failed + result.gone,
          subscriptions: subscriptions.length - result.gone,
        };
      }
      return { email, push };
    },
  };
}
