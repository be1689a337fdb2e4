import { randomBytes } from "node:crypto";
import { createMetaClient } from "@jai/channels/meta/index";
import {
  type MetaClient,
  type MetaEndpoints,
  type MetaResult,
  metaProductionEndpoints,
} from "@jai/channels/meta/types";
import {
  ConnectInstagramSchema,
  ConnectMessengerSchema,
  type MetaChannelDto,
  type MetaChannelKind,
  type MetaConnectResultDto,
  UpdateMetaChannelSchema,
} from "@jai/contracts/channels";
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
import {
  loadPlatformConnection,
  openPlatformConnection,
  type PlatformConnection,
} from "../platform-connection";

/** A Messenger or Instagram connection's sealed secrets. */
export type MetaSecrets = { appSecret: string; pageAccessToken: string; verifyToken: string };

/** What a Meta connection keeps in `settings` (never a secret). */
export type MetaSettings = {
  pageId: string;
  pageName: string;
  pagePictureUrl: string | null;
  /** Instagram: the professional account linked to the Page. */
  instagram: { id: string; username: string; pictureUrl: string | null } | null;
  /** The app has Meta's Human Agent permission (a teammate's reply up to 7 days). */
  humanAgentTag: boolean;
  appSecretLast4: string;
  tokenLast4: string;
  verifyTokenLast4: string;
};

/** A Meta connection with its secrets open, for the webhook, the events job and the sender. */
export type MetaConnection = PlatformConnection<MetaSecrets, MetaSettings> & {
  channel: MetaChannelKind;
};

/** The webhook fields to subscribe to, per channel (what Jai reads). */
export const metaSubscribeFields: Record<MetaChannelKind, string[]> = {
  messenger: ["messages", "messaging_postbacks", "message_echoes"],
  instagram: ["messages", "messaging_postbacks"],
};

export async function loadMetaConnection(
  db: Db,
  secretBox: SecretBox,
  id: string,
): Promise<MetaConnection | null> {
  const found = await loadPlatformConnection<MetaSecrets, MetaSettings>(
    db,
    secretBox,
    id,
    ["messenger", "instagram"],
    isMetaSettings,
  );
  return found ? { ...found.connection, channel: found.row.channel as MetaChannelKind } : null;
}

const toConnection = (row: ChannelConnectionRow, secretBox: SecretBox): MetaConnection => ({
  ...openPlatformConnection<MetaSecrets, MetaSettings>(row, secretBox, isMetaSettings),
  channel: row.channel as MetaChannelKind,
});

function isMetaSettings(value: unknown): value is MetaSettings {
  return typeof value === "object" && value !== null && "pageId" in value;
}

/**
 * The Graph API at `baseUrl` (META_GRAPH_API_BASE_URL): attachments may come from Meta's CDNs,
 * and from that host too when it is not Meta's (a local fake in development and tests).
 */
export function metaEndpointsFor(baseUrl: string, apiVersion: string): MetaEndpoints {
  const host = new URL(baseUrl).hostname;
  const production = metaProductionEndpoints.attachmentHosts;
  return {
    graphBaseUrl: baseUrl,
    apiVersion,
    attachmentHosts: production.some((known) => host === known || host.endsWith(`.${known}`))
      ? production
      : [...production, host],
  };
}

export function metaWebhookUrl(publicUrl: string, connectionId: string): string {
  return `${publicUrl.replace(/\/$/, "")}/api/webhooks/meta/${connectionId}`;
}

export function metaClientFor(connection: MetaConnection, endpoints: MetaEndpoints): MetaClient {
  if (!connection.secrets) throw new Error("the Meta connection has no secrets");
  return createMetaClient(connection.secrets.pageAccessToken, endpoints);
}

/** A random verify token for Meta's subscription handshake (shown once, stored sealed). */
function newVerifyToken(): string {
  return `jai_${randomBytes(24).toString("base64url")}`;
}

/** Console side of Messenger and Instagram: always inside one owner's bots. */
export function createMetaConnections({
  db,
  secretBox,
  endpoints,
  publicUrl,
  channelQuota,
  onChange = () => {},
}: {
  db: Db;
  secretBox: SecretBox;
  endpoints: MetaEndpoints;
  publicUrl: string;
  channelQuota(ownerId: string): Promise<Quota>;
  /** A connection changed (clears cached copies). */
  onChange?: (connectionId: string) => void;
}) {
  const requireBot = (ownerId: string, botId: string) => requireOwnedBot(db, ownerId, botId);

  async function findRow(botId: string, channel: MetaChannelKind) {
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, channel)));
    return row;
  }

  async function sentThisMonth(botId: string, channel: MetaChannelKind): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.botId, botId),
          eq(conversations.channel, channel),
          gte(messages.createdAt, startOfBangkokMonth()),
          eq(messages.sentVia, "push"),
        ),
      );
    return Number(row?.count ?? 0);
  }

  async function toDto(
    row: ChannelConnectionRow | undefined,
    channel: MetaChannelKind,
  ): Promise<MetaChannelDto> {
    if (!row?.secretsSealed || !isMetaSettings(row.settings)) {
      return { status: "not_connected", channel };
    }
    return connectedDto(row, row.settings, channel);
  }

  async function connectedDto(
    row: ChannelConnectionRow,
    settings: MetaSettings,
    channel: MetaChannelKind,
  ): Promise<MetaConnectResultDto["channel"]> {
    return {
      status: row.status === "active" ? "connected" : "error",
      channel,
      connectionId: row.id,
      page: { id: settings.pageId, name: settings.pageName, pictureUrl: settings.pagePictureUrl },
      instagram: settings.instagram,
      appSecretLast4: settings.appSecretLast4,
      tokenLast4: settings.tokenLast4,
      verifyTokenLast4: settings.verifyTokenLast4,
      callbackUrl: metaWebhookUrl(publicUrl, row.id),
      subscribeFields: metaSubscribeFields[channel],
      humanAgentTag: settings.humanAgentTag,
      webhookVerifiedAt: row.webhookVerifiedAt?.toISOString() ?? null,
      signatureFailedAt: row.signatureFailedAt?.toISOString() ?? null,
      lastError: row.lastError,
      ignoredEvents: row.ignoredEvents,
      sentThisMonth: await sentThisMonth(row.botId, channel),
    };
  }

  /** Meta's answer as the console's error: what is wrong, in the field it is about. */
  function refused(result: Extract<MetaResult<unknown>, { ok: false }>, field: string): never {
    if (result.retryable) {
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "Meta did not answer; try again in a minute",
        fields: { meta: "unreachable" },
      });
    }
    throw new AppError("VALIDATION_FAILED", {
      message: `Meta refused: ${result.error}`,
      fields: { [field]: "refused" },
    });
  }

  async function requireConnected(ownerId: string, botId: string, channel: MetaChannelKind) {
    await requireBot(ownerId, botId);
    const row = await findRow(botId, channel);
    if (!row?.secretsSealed || !isMetaSettings(row.settings)) throw new AppError("NOT_FOUND");
    const connection = toConnection(row, secretBox);
    if (!connection.secrets) throw new AppError("NOT_FOUND");
    return { row, settings: row.settings, secrets: connection.secrets };
  }

  return {
    async get(ownerId: string, botId: string, channel: MetaChannelKind): Promise<MetaChannelDto> {
      await requireBot(ownerId, botId);
      return toDto(await findRow(botId, channel), channel);
    },

    /**
     * Checks the Page access token with the Graph API (`/me`: the Page's id must be the one
     * given; for Instagram the linked professional account must answer with it) and connects
     * the bot: one connection per bot and channel, counted against the plan's allowance. The app
     * secret cannot be checked by a call: it is checked by the first signed webhook (a mismatch
     * shows as `signatureFailedAt`). A new verify token is made and answered this once.
     */
    async connect(
      ownerId: string,
      botId: string,
      channel: MetaChannelKind,
      input: unknown,
    ): Promise<MetaConnectResultDto> {
      await requireBot(ownerId, botId);
      const parsed =
        channel === "instagram"
          ? parseInput(ConnectInstagramSchema, input)
          : { ...parseInput(ConnectMessengerSchema, input), instagramAccountId: null };
      const client = createMetaClient(parsed.pageAccessToken, endpoints);
      const page = await client.page();
      if (!page.ok) refused(page, "pageAccessToken");
      if (page.value.id !== parsed.pageId) {
        throw new AppError("VALIDATION_FAILED", {
          message: "the Page access token belongs to another Page",
          fields: { pageId: "mismatch" },
        });
      }
      let instagram: MetaSettings["instagram"] = null;
      if (parsed.instagramAccountId) {
        const account = await client.instagramAccount(parsed.instagramAccountId);
        if (!account.ok) refused(account, "instagramAccountId");
        instagram = {
          id: account.value.id,
          username: account.value.username,
          pictureUrl: account.value.pictureUrl,
        };
      }
      const verifyToken = newVerifyToken();
      const settings: MetaSettings = {
        pageId: page.value.id,
        pageName: page.value.name,
        pagePictureUrl: page.value.pictureUrl,
        instagram,
        humanAgentTag: parsed.humanAgentTag,
        appSecretLast4: parsed.appSecret.slice(-4),
        tokenLast4: parsed.pageAccessToken.slice(-4),
        verifyTokenLast4: verifyToken.slice(-4),
      };
      const secrets: MetaSecrets = {
        appSecret: parsed.appSecret,
        pageAccessToken: parsed.pageAccessToken,
        verifyToken,
      };
      const sealed = secretBox.seal(JSON.stringify(secrets));
      // Read before the transaction: on the embedded database a query outside an open
      // transaction waits for it.
      const quota = await channelQuota(ownerId);
      const id = await activateChannelConnection(db, {
        ownerId,
        botId,
        channel: channel,
        settings,
        secretsSealed: sealed,
        quota,
      });
      onChange(id);
      const row = (await findRow(botId, channel))!;
      return { channel: await connectedDto(row, settings, channel), verifyToken };
    },

    /** Changes what can change without connecting again (the human agent permission). */
    async update(
      ownerId: string,
      botId: string,
      channel: MetaChannelKind,
      input: unknown,
    ): Promise<MetaChannelDto> {
      const { humanAgentTag } = parseInput(UpdateMetaChannelSchema, input);
      const { row, settings } = await requireConnected(ownerId, botId, channel);
      await db
        .update(channelConnections)
        .set({ settings: { ...settings, humanAgentTag }, updatedAt: new Date() })
        .where(eq(channelConnections.id, row.id));
      onChange(row.id);
      return toDto(await findRow(botId, channel), channel);
    },

    /** A new verify token (the old one stops working at once), answered this once. */
    async rotateVerifyToken(
      ownerId: string,
      botId: string,
      channel: MetaChannelKind,
    ): Promise<MetaConnectResultDto> {
      const { row, settings, secrets } = await requireConnected(ownerId, botId, channel);
      const verifyToken = newVerifyToken();
      const next: MetaSettings = { ...settings, verifyTokenLast4: verifyToken.slice(-4) };
      await db
        .update(channelConnections)
        .set({
          settings: next,
          secretsSealed: secretBox.seal(JSON.stringify({ ...secrets, verifyToken })),
          updatedAt: new Date(),
        })
        .where(eq(channelConnections.id, row.id));
      onChange(row.id);
      const updated = (await findRow(botId, channel))!;
      return { channel: await connectedDto(updated, next, channel), verifyToken };
    },

    /**
     * Disconnects: the secrets are deleted, the connection paused (its callback URL keeps
     * answering 200 so Meta does not disable the subscription, and counts what arrives).
     * Conversations stay.
     */
    async disconnect(
      ownerId: string,
      botId: string,
      channel: MetaChannelKind,
    ): Promise<MetaChannelDto> {
      await requireBot(ownerId, botId);
      const updated = await db
        .update(channelConnections)
        .set({ status: "paused", secretsSealed: null, lastError: null, updatedAt: new Date() })
        .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, channel)))
        .returning({ id: channelConnections.id });
      for (const row of updated) onChange(row.id);
      return { status: "not_connected", channel };
    },
  };
}

export type MetaConnections = ReturnType<typeof createMetaConnections>;
