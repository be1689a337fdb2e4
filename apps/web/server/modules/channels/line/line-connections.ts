import {
  createLineClient,
  type LineClient,
  type LineEndpoints,
  type LineResult,
} from "@jai/channels/line/index";
import { ConnectLineSchema, type LineChannelDto, type LineQuotaDto } from "@jai/contracts/channels";
import type { Quota } from "@jai/contracts/plans";
import {
  and,
  type ChannelConnectionRow,
  channelConnections,
  type Db,
  eq,
  gte,
  messages,
  sql,
} from "@jai/db";
import { AppError } from "../../../http/errors";
import { parseInput } from "../../../services/console/parse-input";
import type { SecretBox } from "../../../services/console/secret-box";
import { activateChannelConnection, requireOwnedBot } from "../owned-channels";
import {
  loadPlatformConnection,
  openPlatformConnection,
  type PlatformConnection,
} from "../platform-connection";

/** A LINE channel's sealed secrets. */
export type LineSecrets = { channelSecret: string; accessToken: string };

/** What a LINE connection keeps in `settings` (never a secret). */
export type LineSettings = {
  channelId: string;
  /** The official account as LINE described it at connection. */
  botUserId: string;
  basicId: string;
  displayName: string;
  pictureUrl: string | null;
  secretLast4: string;
  tokenLast4: string;
};

/** A LINE connection with its secrets open, for the webhook, the events job and the sender. */
export type LineConnection = PlatformConnection<LineSecrets, LineSettings>;

export async function loadLineConnection(
  db: Db,
  secretBox: SecretBox,
  id: string,
): Promise<LineConnection | null> {
  const found = await loadPlatformConnection<LineSecrets, LineSettings>(
    db,
    secretBox,
    id,
    ["line"],
    isLineSettings,
  );
  return found?.connection ?? null;
}

function isLineSettings(value: unknown): value is LineSettings {
  return typeof value === "object" && value !== null && "channelId" in value;
}

/** The first day of this month in Asia/Bangkok (UTC+7, no daylight saving), as an instant. */
export function startOfBangkokMonth(now = new Date()): Date {
  const bangkok = new Date(now.getTime() + 7 * 3_600_000);
  return new Date(Date.UTC(bangkok.getUTCFullYear(), bangkok.getUTCMonth(), 1) - 7 * 3_600_000);
}

/** Console side of the LINE channel: always inside one owner's bots. */
export function createLineConnections({
  db,
  secretBox,
  endpoints,
  publicUrl,
  channelQuota,
  onChange = () => {},
}: {
  db: Db;
  secretBox: SecretBox;
  endpoints: LineEndpoints;
  publicUrl: string;
  channelQuota(ownerId: string): Promise<Quota>;
  /** A connection changed (clears cached copies). */
  onChange?: (connectionId: string) => void;
}) {
  const requireBot = (ownerId: string, botId: string) => requireOwnedBot(db, ownerId, botId);

  async function findRow(botId: string) {
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "line")));
    return row;
  }

  async function sentThisMonth(botId: string) {
    const rows = await db
      .select({ via: messages.sentVia, count: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(
          eq(messages.botId, botId),
          gte(messages.createdAt, startOfBangkokMonth()),
          sql`${messages.sentVia} in ('reply', 'push')`,
        ),
      )
      .groupBy(messages.sentVia);
    const count = (via: string) => Number(rows.find((row) => row.via === via)?.count ?? 0);
    return { reply: count("reply"), push: count("push") };
  }

  async function toDto(row: ChannelConnectionRow | undefined): Promise<LineChannelDto> {
    if (!row?.secretsSealed || !isLineSettings(row.settings)) return { status: "not_connected" };
    const settings = row.settings;
    return {
      status: row.status === "active" ? "connected" : "error",
      connectionId: row.id,
      channelId: settings.channelId,
      account: {
        displayName: settings.displayName,
        basicId: settings.basicId,
        pictureUrl: settings.pictureUrl,
      },
      secretLast4: settings.secretLast4,
      tokenLast4: settings.tokenLast4,
      webhookUrl: lineWebhookUrl(publicUrl, row.id),
      webhookVerifiedAt: row.webhookVerifiedAt?.toISOString() ?? null,
      signatureFailedAt: row.signatureFailedAt?.toISOString() ?? null,
      lastError: row.lastError,
      sentThisMonth: await sentThisMonth(row.botId),
      ignoredEvents: row.ignoredEvents,
    };
  }

  /** LINE's answer as the console's error: what is wrong, in the field it is about. */
  function refused(result: Extract<LineResult<unknown>, { ok: false }>): never {
    if (result.retryable) {
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "LINE did not answer; try again in a minute",
        fields: { line: "unreachable" },
      });
    }
    throw new AppError("VALIDATION_FAILED", {
      message: "LINE refused the channel access token",
      fields: { accessToken: "refused" },
    });
  }

  return {
    async get(ownerId: string, botId: string): Promise<LineChannelDto> {
      await requireBot(ownerId, botId);
      return toDto(await findRow(botId));
    },

    /**
     * Checks the credentials with LINE (the token's channel, then the account's profile) and
     * connects the bot: one LINE channel per bot, counted against the plan's channel allowance.
     * The channel secret cannot be checked by a call: it is checked when LINE's webhook
     * verification arrives (a mismatch shows as `signatureFailedAt`).
     */
    async connect(ownerId: string, botId: string, input: unknown): Promise<LineChannelDto> {
      await requireBot(ownerId, botId);
      const { channelId, channelSecret, accessToken } = parseInput(ConnectLineSchema, input);
      const client = createLineClient(accessToken, endpoints);
      const verified = await client.verifyToken();
      if (!verified.ok) refused(verified);
      if (String(verified.value.client_id) !== channelId) {
        throw new AppError("VALIDATION_FAILED", {
          message: "the access token belongs to another LINE channel",
          fields: { channelId: "mismatch" },
        });
      }
      const info = await client.botInfo();
      if (!info.ok) refused(info);
      const settings: LineSettings = {
        channelId,
        botUserId: info.value.userId,
        basicId: info.value.basicId,
        displayName: info.value.displayName,
        pictureUrl: info.value.pictureUrl,
        secretLast4: channelSecret.slice(-4),
        tokenLast4: accessToken.slice(-4),
      };
      const sealed = secretBox.seal(JSON.stringify({ channelSecret, accessToken }));
      const quota = await channelQuota(ownerId);
      const id = await activateChannelConnection(db, {
        ownerId,
        botId,
        channel: "line",
        settings,
        secretsSealed: sealed,
        quota,
      });
      onChange(id);
      return toDto(await findRow(botId));
    },

    /**
     * Disconnects: the secrets are deleted, the connection paused (its webhook URL keeps
     * answering 200 so LINE does not disable it, and counts what arrives). Conversations stay.
     */
    async disconnect(ownerId: string, botId: string): Promise<LineChannelDto> {
      await requireBot(ownerId, botId);
      const updated = await db
        .update(channelConnections)
        .set({ status: "paused", secretsSealed: null, lastError: null, updatedAt: new Date() })
        .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "line")))
        .returning({ id: channelConnections.id });
      for (const row of updated) onChange(row.id);
      return { status: "not_connected" };
    },

    /** The account's message quota from LINE, and this bot's pushes this month. */
    async quota(ownerId: string, botId: string): Promise<LineQuotaDto> {
      await requireBot(ownerId, botId);
      const row = await findRow(botId);
      const connection = row
        ? openPlatformConnection<LineSecrets, LineSettings>(row, secretBox, isLineSettings)
        : null;
      if (!connection?.secrets) throw new AppError("NOT_FOUND");
      const result = await lineClientFor(connection, endpoints).quota();
      if (!result.ok) {
        throw new AppError("SERVICE_UNAVAILABLE", {
          message: `LINE did not give the quota (${result.error})`,
          fields: { line: result.reason === "auth" ? "refused" : "unreachable" },
        });
      }
      return {
        type: result.value.type,
        limit: result.value.value,
        used: result.value.totalUsage,
        pushedByBot: (await sentThisMonth(botId)).push,
      };
    },
  };
}

export type LineConnections = ReturnType<typeof createLineConnections>;

export function lineWebhookUrl(publicUrl: string, connectionId: string): string {
  return `${publicUrl.replace(/\/$/, "")}/api/webhooks/line/${connectionId}`;
}

export function lineClientFor(connection: LineConnection, endpoints: LineEndpoints): LineClient {
  if (!connection.secrets) throw new Error("the LINE connection has no secrets");
  return createLineClient(connection.secrets.accessToken, endpoints);
}
