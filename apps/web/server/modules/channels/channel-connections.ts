import { randomBytes } from "node:crypto";
import {
  type ConnectableChannel,
  connectableChannels,
  type WidgetChannelDto,
  type WidgetSettings,
  WidgetSettingsSchema,
} from "@jai/contracts/channels";
import type { Quota } from "@jai/contracts/plans";
import { z } from "@jai/contracts/zod";
import { and, channelConnections, type Db, eq } from "@jai/db";
import { botIdPattern } from "../../services/bots/get-public-bot";
import { parseInput } from "../../services/console/parse-input";
import type { SecretBox } from "../../services/console/secret-box";
import { assertWithinQuota } from "../billing/allowances";
import { countActiveChannels, lockOwnerChannels, requireOwnedBot } from "./owned-channels";

/** The widget's sealed secrets. */
type WidgetSecrets = { identitySecret?: string };

/** What the console shows of a bot's channels. */
export type ChannelsDto = {
  /** Connected channels (the hosted page and the API do not count), and the plan's allowance. */
  allowance: { used: number; limit: Quota };
  widget: WidgetChannelDto;
  /** The chat apps and whether each is connected (LINE's details: GET …/channels/line). */
  apps: {
    channel: Exclude<ConnectableChannel, "widget">;
    status: "not_connected" | "connected" | "error";
  }[];
};

export const UpdateWidgetSchema = z.object({
  enabled: z.boolean(),
  settings: WidgetSettingsSchema.default(WidgetSettingsSchema.parse({})),
});
export type UpdateWidgetInput = z.input<typeof UpdateWidgetSchema>;

/** The widget's connection as the widget's API needs it (any bot, no owner check). */
export type WidgetConnection = {
  enabled: boolean;
  settings: WidgetSettings;
  identitySecret?: string;
};

/** A bot's widget: disabled with default settings when it has none. */
export async function loadWidgetConnection(
  db: Db,
  secretBox: SecretBox,
  botId: string,
): Promise<WidgetConnection> {
  if (!botIdPattern.test(botId))
    return { enabled: false, settings: WidgetSettingsSchema.parse({}) };
  const [row] = await db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "widget")));
  if (!row) return { enabled: false, settings: WidgetSettingsSchema.parse({}) };
  const parsed = WidgetSettingsSchema.safeParse(row.settings);
  return {
    enabled: row.status === "active",
    settings: parsed.success ? parsed.data : WidgetSettingsSchema.parse({}),
    ...openSecrets(secretBox, row.secretsSealed),
  };
}

function openSecrets(secretBox: SecretBox, sealed: string | null): WidgetSecrets {
  if (!sealed) return {};
  try {
    return JSON.parse(secretBox.open(sealed)) as WidgetSecrets;
  } catch {
    // SECRET_KEY changed: the owner creates a new identity secret.
    return {};
  }
}

/** The console's side of channels: always inside one owner's bots. */
export function createChannelConnections({
  db,
  secretBox,
  channelQuota,
}: {
  db: Db;
  secretBox: SecretBox;
  /** The owner's plan allowance of connected channels. */
  channelQuota(ownerId: string): Promise<Quota>;
}) {
  const requireBot = (ownerId: string, botId: string) => requireOwnedBot(db, ownerId, botId);
  const countActive = (ownerId: string, tx: Db = db) => countActiveChannels(tx, ownerId);

  async function widgetDto(botId: string): Promise<WidgetChannelDto> {
    const widget = await loadWidgetConnection(db, secretBox, botId);
    return {
      enabled: widget.enabled,
      settings: widget.settings,
      hasIdentitySecret: Boolean(widget.identitySecret),
    };
  }

  return {
    async get(ownerId: string, botId: string): Promise<ChannelsDto> {
      await requireBot(ownerId, botId);
      // One read for every chat app: connected while its secrets are kept (as each channel's
      // own card says), in error when the platform refused them.
      const rows = await db
        .select({
          channel: channelConnections.channel,
          status: channelConnections.status,
          sealed: channelConnections.secretsSealed,
        })
        .from(channelConnections)
        .where(eq(channelConnections.botId, botId));
      const statusOf = (channel: ConnectableChannel) => {
        const row = rows.find((candidate) => candidate.channel === channel);
        if (!row?.sealed) return "not_connected" as const;
        return row.status === "active" ? ("connected" as const) : ("error" as const);
      };
      return {
        allowance: { used: await countActive(ownerId), limit: await channelQuota(ownerId) },
        widget: await widgetDto(botId),
        apps: connectableChannels
          .filter((channel) => channel !== "widget")
          .map((channel) => ({
            channel: channel as Exclude<ConnectableChannel, "widget">,
            status: statusOf(channel),
          })),
      };
    },

    /**
     * Turns the widget on or off and saves its options. Turning it on counts against the plan's
     * channel allowance: PLAN_LIMIT_REACHED (`fields.limit = "channels"`) past it.
     */
    async updateWidget(ownerId: string, botId: string, input: unknown): Promise<WidgetChannelDto> {
      await requireBot(ownerId, botId);
      const { enabled, settings } = parseInput(UpdateWidgetSchema, input);
      await db.transaction(async (tx) => {
        await lockOwnerChannels(tx, ownerId);
        const [existing] = await tx
          .select({ id: channelConnections.id, status: channelConnections.status })
          .from(channelConnections)
          .where(
            and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "widget")),
          );
        if (enabled && existing?.status !== "active") {
          // The allowance as the plan says it now, its row locked (allowances.ts).
          await assertWithinQuota(tx, ownerId, "channels", () => countActive(ownerId, tx));
        }
        const status = enabled ? ("active" as const) : ("paused" as const);
        if (existing) {
          await tx
            .update(channelConnections)
            .set({ status, settings, updatedAt: new Date() })
            .where(eq(channelConnections.id, existing.id));
        } else {
          await tx
            .insert(channelConnections)
            .values({ botId, ownerId, channel: "widget", status, settings });
        }
      });
      return widgetDto(botId);
    },

    /**
     * A new identity secret for `Jai.identify` (the old one stops working at once). Returned
     * this once; stored sealed.
     */
    async rotateIdentitySecret(ownerId: string, botId: string): Promise<{ secret: string }> {
      await requireBot(ownerId, botId);
      const secret = `wid_${randomBytes(32).toString("base64url")}`;
      const sealed = secretBox.seal(JSON.stringify({ identitySecret: secret }));
      const updated = await db
        .update(channelConnections)
        .set({ secretsSealed: sealed, updatedAt: new Date() })
        .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, "widget")))
        .returning({ id: channelConnections.id });
      if (updated.length === 0) {
        await db.insert(channelConnections).values({
          botId,
          ownerId,
          channel: "widget",
          status: "paused",
          settings: WidgetSettingsSchema.parse({}),
          secretsSealed: sealed,
        });
      }
      return { secret };
    },
  };
}

export type ChannelConnections = ReturnType<typeof createChannelConnections>;
