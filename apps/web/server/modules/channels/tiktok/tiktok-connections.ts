import {
  createTiktokClient,
  type TiktokClient,
  type TiktokEndpoints,
  type TiktokFailure,
} from "@jai/channels/tiktok/index";
import { ConnectTiktokSchema, type TiktokChannelDto } from "@jai/contracts/channels";
import type { Quota } from "@jai/contracts/plans";
import {
  and,
  type ChannelConnectionRow,
  channelConnections,
  conversations,
  type Db,
  eq,
  gte,
  messages,
  sql,
} from "@jai/db";
import { AppError } from "../../../http/errors";
import { parseInput } from "../../../services/console/parse-input";
import type { SecretBox } from "../../../services/console/secret-box";
import { startOfBangkokMonth } from "../line/line-connections";
import { activateChannelConnection, requireOwnedBot } from "../owned-channels";
import { loadPlatformConnection, type PlatformConnection } from "../platform-connection";

/** A TikTok connection's sealed secrets: the app secret signs webhooks; the token sends. */
export type TiktokSecrets = { appSecret: string; accessToken: string };

/** What a TikTok connection keeps in `settings` (never a secret). */
export type TiktokSettings = {
  /** The developer app's id (client key): not a secret, shown by its last characters. */
  appId: string;
  businessId: string;
  /** The business account as TikTok described it at connection. */
  displayName: string;
  username: string | null;
  pictureUrl: string | null;
  appIdLast4: string;
  secretLast4: string;
  tokenLast4: string;
};

/** A TikTok connection with its secrets open, for the webhook, the events job and the sender. */
export type TiktokConnection = PlatformConnection<TiktokSecrets, TiktokSettings>;

export async function loadTiktokConnection(
  db: Db,
  secretBox: SecretBox,
  id: string,
): Promise<TiktokConnection | null> {
  const found = await loadPlatformConnection<TiktokSecrets, TiktokSettings>(
    db,
    secretBox,
    id,
    ["tiktok"],
    isTiktokSettings,
  );
  return found?.connection ?? null;
}

function isTiktokSettings(value: unknown): value is TiktokSettings {
  return typeof value === "object" && value !== null && "businessId" in value;
}

export function tiktokWebhookUrl(publicUrl: string, connectionId: string): string {
  return `${publicUrl.replace(/\/$/, "")}/api/webhooks/tiktok/${connectionId}`;
}

export function tiktokClientFor(
  connection: TiktokConnection,
  endpoints: TiktokEndpoints,
): TiktokClient {
  if (!connection.secrets) throw new Error("the TikTok connection has no secrets");
  return createTiktokClient(connection.secrets.accessToken, endpoints);
}

/**
 * TikTok's refusal of the connection check as the console's error. The HTTP boundary replaces
 * an error's message with a translated one, so TikTok's own words travel in a field:
 * `tiktokAnswer` (a sentence, shown as TikTok wrote it under the card's translated one), next to
 * a code saying what it is about: `tiktok: "notApproved"` (the account lacks TikTok's approval
 * for the Business Messaging API), `accessToken: "refused"` (a wrong, expired or revoked token),
 * `tiktok: "refused"` (anything else), `tiktok: "unreachable"` (try again later).
 */
export function tiktokRefusal(result: TiktokFailure): AppError {
  if (result.retryable) {
    return new AppError("SERVICE_UNAVAILABLE", {
      message: "TikTok did not answer; try again in a minute",
      fields: { tiktok: "unreachable" },
    });
  }
  const answer = result.tiktokMessage || result.error;
  const fields: Record<string, string> =
    result.reason === "auth"
      ? { accessToken: "refused" }
      : { tiktok: result.reason === "not_approved" ? "notApproved" : "refused" };
  return new AppError("VALIDATION_FAILED", {
    message: `TikTok refused: ${answer}`,
    fields: { ...fields, tiktokAnswer: answer },
  });
}

/** Console side of the TikTok channel: always inside one owner's bots. */
export function createTiktokConnections({
  db,
  secretBox,
  endpoints,
  publicUrl,
  channelQuota,
  onChange = () => {},
}: {
  db: Db;
  secretBox: SecretBox;
  endpoints: TiktokEndpoints;
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
      .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "tiktok")));
    return row;
  }

  /** Messages sent to TikTok this month (Bangkok time): TikTok has no free reply, all count. */
  async function sentThisMonth(botId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.botId, botId),
          eq(conversations.channel, "tiktok"),
          gte(messages.createdAt, startOfBangkokMonth()),
          eq(messages.sentVia, "push"),
        ),
      );
    return Number(row?.count ?? 0);
  }

  async function toDto(row: ChannelConnectionRow | undefined): Promise<TiktokChannelDto> {
    if (!row?.secretsSealed || !isTiktokSettings(row.settings)) return { status: "not_connected" };
    const settings = row.settings;
    return {
      status: row.status === "active" ? "connected" : "error",
      connectionId: row.id,
      businessId: settings.businessId,
      account: {
        displayName: settings.displayName,
        username: settings.username,
        pictureUrl: settings.pictureUrl,
      },
      appIdLast4: settings.appIdLast4,
      secretLast4: settings.secretLast4,
      tokenLast4: settings.tokenLast4,
      webhookUrl: tiktokWebhookUrl(publicUrl, row.id),
      webhookVerifiedAt: row.webhookVerifiedAt?.toISOString() ?? null,
      signatureFailedAt: row.signatureFailedAt?.toISOString() ?? null,
      lastError: row.lastError,
      ignoredEvents: row.ignoredEvents,
      sentThisMonth: await sentThisMonth(row.botId),
    };
  }

  return {
    async get(ownerId: string, botId: string): Promise<TiktokChannelDto> {
      await requireBot(ownerId, botId);
      return toDto(await findRow(botId));
    },

    /**
     * Checks the credentials with TikTok (`business/get/` for the business account, with the
     * access token) and connects the bot: one TikTok channel per bot, counted against the plan's
     * channel allowance. When TikTok refuses (the account not approved for messaging, a revoked
     * token), its own words are answered. The app secret cannot be checked by a call: it is
     * checked by the first signed webhook (a mismatch shows as `signatureFailedAt`).
     */
    async connect(ownerId: string, botId: string, input: unknown): Promise<TiktokChannelDto> {
      await requireBot(ownerId, botId);
      const { appId, appSecret, businessId, accessToken } = parseInput(ConnectTiktokSchema, input);
      const info = await createTiktokClient(accessToken, endpoints).businessInfo(businessId);
      if (!info.ok) throw tiktokRefusal(info);
      const settings: TiktokSettings = {
        appId,
        businessId,
        displayName: info.value.displayName,
        username: info.value.username,
        pictureUrl: info.value.pictureUrl,
        appIdLast4: appId.slice(-4),
        secretLast4: appSecret.slice(-4),
        tokenLast4: accessToken.slice(-4),
      };
      const sealed = secretBox.seal(JSON.stringify({ appSecret, accessToken }));
      // Read before the transaction: on the embedded database a query outside an open
      // transaction waits for it.
      const quota = await channelQuota(ownerId);
      const id = await activateChannelConnection(db, {
        ownerId,
        botId,
        channel: "tiktok",
        settings,
        secretsSealed: sealed,
        quota,
      });
      onChange(id);
      return toDto(await findRow(botId));
    },

    /**
     * Disconnects: the secrets are deleted, the connection paused (its webhook URL keeps
     * answering 200 so TikTok keeps the subscription, and counts what arrives). Conversations
     * stay.
     */
    async disconnect(ownerId: string, botId: string): Promise<TiktokChannelDto> {
      await requireBot(ownerId, botId);
      const updated = await db
        .update(channelConnections)
        .set({ status: "paused", secretsSealed: null, lastError: null, updatedAt: new Date() })
        .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "tiktok")))
        .returning({ id: channelConnections.id });
      for (const row of updated) onChange(row.id);
      return { status: "not_connected" };
    },
  };
}

export type TiktokConnections = ReturnType<typeof createTiktokConnections>;
