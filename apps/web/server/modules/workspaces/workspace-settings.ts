import {
  type BusinessHours,
  defaultBusinessHours,
  type WorkspaceSettingsDto,
  WorkspaceSettingsSchema,
} from "@jai/contracts/inbox";
import {
  channelConnections,
  type Db,
  eq,
  sql,
  type WorkspaceAlertSettings,
  workspaces,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { parseInput } from "../../services/console/parse-input";
import { isUuid } from "../conversations/is-uuid";

/** Alerts of a workspace that never saved any: only handoffs alert, by email and push. */
export const defaultAlertSettings: WorkspaceAlertSettings = {
  newConversation: false,
  waitingMinutes: 10,
  lineStaffGroup: null,
  lineEnabled: false,
};

export type WorkspaceSettings = {
  name: string;
  businessHours: BusinessHours;
  /** With `lineStaffGroup` as learnt from LINE (its connection), for the alert senders. */
  alerts: WorkspaceAlertSettings;
};

/**
 * A workspace's name, business hours and alert settings, with the defaults filled in for what
 * was never saved (handoff messages, the notifications job and the settings page read this).
 * AppError NOT_FOUND for an unknown workspace.
 */
export async function loadWorkspaceSettings(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceSettings> {
  const [row] = await db
    .select({
      name: workspaces.name,
      businessHours: workspaces.businessHours,
      alerts: workspaces.alerts,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw new AppError("NOT_FOUND");
  return {
    name: row.name,
    businessHours: row.businessHours ?? defaultBusinessHours,
    alerts: { ...defaultAlertSettings, ...(row.alerts ?? {}) },
  };
}

/** The settings page's view: the LINE staff group names its bot instead of its connection. */
export async function getWorkspaceSettings(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceSettingsDto> {
  const settings = await loadWorkspaceSettings(db, workspaceId);
  const group = settings.alerts.lineStaffGroup;
  let lineStaffGroup: WorkspaceSettingsDto["lineStaffGroup"] = null;
  if (group) {
    const [connection] = isUuid(group.connectionId)
      ? await db
          .select({ botId: channelConnections.botId })
          .from(channelConnections)
          .where(eq(channelConnections.id, group.connectionId))
      : [];
    lineStaffGroup = {
      botId: connection?.botId ?? null,
      groupId: group.groupId,
      joinedAt: group.joinedAt,
    };
  }
  return {
    name: settings.name,
    businessHours: settings.businessHours,
    alerts: {
      newConversation: settings.alerts.newConversation,
      waitingMinutes: settings.alerts.waitingMinutes,
      lineEnabled: settings.alerts.lineEnabled,
    },
    lineStaffGroup,
  };
}

/** Whether the runtime knows an IANA time zone ("Asia/Bangkok"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the settings page (WorkspaceSettingsSchema): the name, business hours and the alert
 * switches. The LINE staff group is learnt from LINE's join event, never from this form, so the
 * stored one is kept as it is in the same statement (a join arriving meanwhile is not lost).
 * VALIDATION_FAILED with `fields` (an unknown time zone: `businessHours.timeZone`).
 */
export async function saveWorkspaceSettings(
  db: Db,
  workspaceId: string,
  input: unknown,
): Promise<WorkspaceSettingsDto> {
  const values = parseInput(WorkspaceSettingsSchema, input);
  if (!isTimeZone(values.businessHours.timeZone)) {
    throw new AppError("VALIDATION_FAILED", { fields: { "businessHours.timeZone": "invalid" } });
  }
  const businessHours: BusinessHours = {
    ...values.businessHours,
    days: [...values.businessHours.days].sort(
      (a, b) => a.day - b.day || (a.open < b.open ? -1 : 1),
    ),
  };
  const alerts = JSON.stringify(values.alerts);
  const updated = await db
    .update(workspaces)
    .set({
      name: values.name,
      businessHours,
      alerts: sql`${alerts}::jsonb || jsonb_build_object('lineStaffGroup', ${workspaces.alerts} -> 'lineStaffGroup')`,
    })
    .where(eq(workspaces.id, workspaceId))
    .returning({ id: workspaces.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND");
  return getWorkspaceSettings(db, workspaceId);
}
