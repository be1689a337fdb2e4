import { createHash } from "node:crypto";
import { formatLineMessages, type LineEndpoints } from "@jai/channels/line/index";
import { lineStaffGroupTexts } from "@jai/contracts/notifications";
import { type Db, eq, type WorkspaceAlertSettings, workspaces } from "@jai/db";
import type { Logger } from "../../logger";
import type { SecretBox } from "../../services/console/secret-box";
import {
  type LineConnection,
  lineClientFor,
  loadLineConnection,
} from "../channels/line/line-connections";
import { resolveWorkspaceAlerts } from "./alert-settings";

/** What a stored LINE event says about the bot's membership of a group. */
type GroupEvent = {
  type: "join" | "leave";
  groupId: string;
  replyToken?: string;
  webhookEventId: string;
  timestamp: number;
};

function groupEventOf(payload: unknown): GroupEvent | null {
  if (!payload || typeof payload !== "object") return null;
  const event = payload as Record<string, unknown>;
  if (event.type !== "join" && event.type !== "leave") return null;
  if (event.mode === "standby") return null;
  const source = event.source as { type?: unknown; groupId?: unknown } | undefined;
  if (source?.type !== "group" || typeof source.groupId !== "string" || !source.groupId) {
    return null;
  }
  return {
    type: event.type,
    groupId: source.groupId,
    ...(typeof event.replyToken === "string" ? { replyToken: event.replyToken } : {}),
    webhookEventId: String(event.webhookEventId ?? ""),
    timestamp: typeof event.timestamp === "number" ? event.timestamp : Date.now(),
  };
}

/**
 * The LINE staff group (issue 14): when the owner adds the bot's LINE account to a group, LINE
 * sends `join` with the group's id, and that group becomes the workspace's staff group (one per
 * workspace; the latest join wins). A group that replaces another (or the first one) starts
 * with LINE alerts off: only an admin turning them on in the settings sends customers' names
 * there, so a group nobody in the team chose (anyone can invite an account that allows groups)
 * never receives them. A `leave` of that group forgets it. Jai confirms in the group, by the
 * free reply token (a push only if the token went stale). Returns whether the event was one of
 * these (the caller then does nothing else with it).
 */
export async function handleLineStaffGroupEvent(
  deps: { db: Db; logger: Logger; endpoints: LineEndpoints },
  connection: LineConnection,
  payload: unknown,
): Promise<boolean> {
  const event = groupEventOf(payload);
  if (!event) return false;
  const { db, logger } = deps;
  const workspaceId = connection.ownerId;

  const enabled = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ alerts: workspaces.alerts })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for("update");
    if (!row) return null;
    const alerts = resolveWorkspaceAlerts(row.alerts);
    const current = alerts.lineStaffGroup;
    const isSame = current?.groupId === event.groupId && current.connectionId === connection.id;
    if (event.type === "leave") {
      if (!isSame) return null;
      await tx
        .update(workspaces)
        .set({ alerts: { ...alerts, lineStaffGroup: null }, updatedAt: new Date() })
        .where(eq(workspaces.id, workspaceId));
      logger.info("LINE staff group left", { workspaceId, connectionId: connection.id });
      return null;
    }
    const lineEnabled = isSame ? alerts.lineEnabled : false;
    await tx
      .update(workspaces)
      .set({
        alerts: {
          ...alerts,
          lineEnabled,
          lineStaffGroup: {
            connectionId: connection.id,
            groupId: event.groupId,
            joinedAt: new Date(event.timestamp).toISOString(),
          },
        },
        updatedAt: new Date(),
      })
      .where(eq(workspaces.id, workspaceId));
    logger.info("LINE staff group joined", { workspaceId, connectionId: connection.id });
    return lineEnabled;
  });
  if (event.type === "join" && enabled !== null) {
    const text = enabled ? lineStaffGroupTexts.joinedEnabled : lineStaffGroupTexts.joinedDisabled;
    const messages = formatLineMessages(text)[0] ?? [];
    const client = lineClientFor(connection, deps.endpoints);
    let sent = event.replyToken ? await client.reply(event.replyToken, messages) : null;
    if (!sent?.ok && (!sent || sent.reason === "invalid_reply_token")) {
      sent = await client.push(
        event.groupId,
        messages,
        uuidFrom(`join:${connection.id}:${event.webhookEventId}`),
      );
    }
    if (!sent.ok && sent.reason !== "conflict") {
      // The group is stored; only the greeting is missing. Not worth retrying the event for.
      logger.warn("LINE staff group greeting not sent", { error: sent.error });
    }
  }
  return true;
}

/** A stable UUID for a LINE `X-Line-Retry-Key` (LINE accepts one key once). */
export function uuidFrom(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type StaffGroupResult =
  | { sent: true }
  | { sent: false; reason: "none" | "off" | "disconnected"; error?: undefined }
  | { sent: false; reason: "failed"; error: string };

/**
 * Posts one alert message to the workspace's staff group: a LINE push (it counts against the
 * account's quota) through the bot's own connection, which must still be the workspace's and
 * connected. `retryKey` makes a repeat of the same batch (a worker that died after sending)
 * a no-op at LINE.
 */
export async function pushToStaffGroup(
  deps: { db: Db; secretBox: SecretBox; endpoints: LineEndpoints },
  workspace: { id: string; alerts: WorkspaceAlertSettings | null },
  text: string,
  retryKey: string,
): Promise<StaffGroupResult> {
  const alerts = resolveWorkspaceAlerts(workspace.alerts);
  const group = alerts.lineStaffGroup;
  if (!group) return { sent: false, reason: "none" };
  if (!alerts.lineEnabled) return { sent: false, reason: "off" };
  const connection = await loadLineConnection(deps.db, deps.secretBox, group.connectionId);
  if (!connection?.active || !connection.secrets || connection.ownerId !== workspace.id) {
    return { sent: false, reason: "disconnected" };
  }
  const messages = formatLineMessages(text)[0] ?? [];
  const pushed = await lineClientFor(connection, deps.endpoints).push(
    group.groupId,
    messages,
    retryKey,
  );
  // 409: LINE already accepted this very batch (an earlier attempt got through).
  if (pushed.ok || pushed.reason === "conflict") return { sent: true };
  return { sent: false, reason: "failed", error: pushed.error };
}
