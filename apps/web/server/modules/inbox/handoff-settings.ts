import {
  type BusinessHours,
  BusinessHoursSchema,
  defaultHandoffSettings,
  type HandoffSettings,
  HandoffSettingsSchema,
} from "@jai/contracts/inbox";
import { type Db, eq, workspaces } from "@jai/db";

/** A bot's handoff settings: what it stored over the defaults (anything invalid: defaults). */
export function botHandoffSettings(stored: unknown): HandoffSettings {
  if (!stored || typeof stored !== "object") return defaultHandoffSettings;
  const parsed = HandoffSettingsSchema.safeParse({ ...defaultHandoffSettings, ...stored });
  return parsed.success ? parsed.data : defaultHandoffSettings;
}

/** A workspace's business hours (null: none set, people answer any time). */
export async function workspaceBusinessHours(
  db: Db,
  workspaceId: string | null,
): Promise<BusinessHours | null> {
  if (!workspaceId) return null;
  const [row] = await db
    .select({ hours: workspaces.businessHours })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const parsed = BusinessHoursSchema.safeParse(row?.hours);
  return parsed.success ? parsed.data : null;
}

/** The quick-reply button's words (LINE): a tap sends them, and they ask for a person. */
export const talkToStaffLabel = { th: "คุยกับพนักงาน", en: "Talk to staff" } as const;
