import {
  and,
  bots,
  type ChannelConnectionRow,
  channelConnections,
  type Db,
  eq,
  inArray,
} from "@jai/db";
import type { SecretBox } from "../../services/console/secret-box";
import { isUuid } from "../conversations/is-uuid";

/**
 * A messaging platform's connection (LINE, Messenger / Instagram, TikTok) with its secrets open,
 * for its webhook, the events job and the sender.
 */
export type PlatformConnection<Secrets, Settings> = {
  id: string;
  botId: string;
  ownerId: string;
  active: boolean;
  settings: Settings | null;
  /** Undefined when disconnected, or sealed with another SECRET_KEY. */
  secrets?: Secrets;
};

const nilUuid = "00000000-0000-0000-0000-000000000000";

/** The connection `id` of one of `channels`, as its webhook sees it; null when there is none. */
export async function loadPlatformConnection<Secrets, Settings>(
  db: Db,
  secretBox: SecretBox,
  id: string,
  channels: readonly ChannelConnectionRow["channel"][],
  isSettings: (value: unknown) => value is Settings,
): Promise<{
  connection: PlatformConnection<Secrets, Settings>;
  row: ChannelConnectionRow;
} | null> {
  // A malformed id is looked up like a well-formed one that does not exist (same timing).
  const key = isUuid(id) ? id : nilUuid;
  const [found] = await db
    .select({ connection: channelConnections, botStatus: bots.status })
    .from(channelConnections)
    .innerJoin(bots, eq(bots.id, channelConnections.botId))
    .where(and(eq(channelConnections.id, key), inArray(channelConnections.channel, channels)));
  if (!found) return null;
  const connection = openPlatformConnection<Secrets, Settings>(
    found.connection,
    secretBox,
    isSettings,
  );
  // A paused bot answers nobody: its channel takes events like a paused one.
  return {
    connection: found.botStatus === "active" ? connection : { ...connection, active: false },
    row: found.connection,
  };
}

/** A stored connection with its secrets opened (none when SECRET_KEY changed: connect again). */
export function openPlatformConnection<Secrets, Settings>(
  row: ChannelConnectionRow,
  secretBox: SecretBox,
  isSettings: (value: unknown) => value is Settings,
): PlatformConnection<Secrets, Settings> {
  let secrets: Secrets | undefined;
  if (row.secretsSealed) {
    try {
      secrets = JSON.parse(secretBox.open(row.secretsSealed)) as Secrets;
    } catch {
      // SECRET_KEY changed: the owner connects the channel again.
      secrets = undefined;
    }
  }
  return {
    id: row.id,
    botId: row.botId,
    ownerId: row.ownerId,
    active: row.status === "active" && secrets !== undefined,
    settings: isSettings(row.settings) ? row.settings : null,
    ...(secrets ? { secrets } : {}),
  };
}
