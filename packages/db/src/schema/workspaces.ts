import { sql } from "drizzle-orm";
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { timestamps } from "./timestamps.ts";

/** A teammate's role in a workspace. The owner is the account the workspace belongs to. */
export const workspaceRoles = ["owner", "admin", "agent"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];
/** Roles an invitation may give (there is one owner). */
export const inviteRoles = ["admin", "agent"] as const;
export type InviteRole = (typeof inviteRoles)[number];

/** One opening of a weekday: "09:00"–"18:00" in the workspace's time zone. */
export type BusinessHoursDay = { day: number; open: string; close: string };
/** When people answer: a weekly schedule in a time zone (IANA, "Asia/Bangkok"). */
export type BusinessHours = { enabled: boolean; timeZone: string; days: BusinessHoursDay[] };

/** Workspace-wide alert settings (per-member choices are on the membership). */
export type WorkspaceAlertSettings = {
  /** Alert on every new conversation (off by default: busy bots would flood the team). */
  newConversation: boolean;
  /** Alert when a handed-off conversation waits longer than this many minutes (0: never). */
  waitingMinutes: number;
  /** The LINE staff group alerts go to (learnt from the join event), and through which bot. */
  lineStaffGroup: { connectionId: string; groupId: string; joinedAt: string } | null;
  /** Whether alerts go to the LINE staff group (each counts against the LINE quota). */
  lineEnabled: boolean;
};

/**
 * An owner's account is a workspace: its id is the owner's user id, so every `owner_id` column
 * (bots, personas, keys, channels …) is a workspace id. Teammates join through
 * `workspace_members`. Deleting the owner's account deletes the workspace and everything in it.
 */
export const workspaces = pgTable("workspaces", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  businessHours: jsonb("business_hours").$type<BusinessHours>(),
  alerts: jsonb("alerts").$type<WorkspaceAlertSettings>(),
  ...timestamps,
});

/** Which alerts a member gets, by which means, and when not. */
export type MemberNotificationPrefs = {
  events: {
    handoff: boolean;
    newConversation: boolean;
    waiting: boolean;
    negativeFeedback: boolean;
  };
  means: { email: boolean; push: boolean };
  /** Nothing but the LINE staff group between these times (the member's workspace time zone). */
  quietHours: { enabled: boolean; from: string; to: string };
};

/**
 * Who belongs to a workspace, with which role: the owner (one row, written with the workspace),
 * admins (everything but billing and deleting the workspace) and agents (the inbox and the
 * contacts of the workspace's bots, nothing else).
 */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: workspaceRoles }).notNull(),
    notificationPrefs: jsonb("notification_prefs").$type<MemberNotificationPrefs>(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index("workspace_members_user_id_idx").on(table.userId),
    check("workspace_members_role_check", sql`${table.role} in ('owner', 'admin', 'agent')`),
  ],
);

/**
 * An invitation by email. Only a SHA-256 of the link's token is stored; the link is emailed
 * (through the outbox) and works once, until it expires or is revoked.
 */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: inviteRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    locale: text("locale").notNull().default("en"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("workspace_invitations_token_hash_idx").on(table.tokenHash),
    index("workspace_invitations_workspace_id_idx").on(table.workspaceId),
    check("workspace_invitations_role_check", sql`${table.role} in ('admin', 'agent')`),
  ],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
