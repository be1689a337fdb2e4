import {
  type BotDto,
  type BotProviderId,
  type BotProviderProblem,
  botProviderProblems,
  CreateBotSchema,
  UpdateBotSchema,
} from "@jai/contracts/console";
import { getPlan, isWithinQuota } from "@jai/contracts/plans";
import {
  and,
  asc,
  type BotRow,
  bots,
  conversations,
  count,
  type Db,
  eq,
  type NewBotRow,
  personas,
  sql,
} from "@jai/db";
import type { ProviderKeyCheck, ProviderSettings } from "@jai/engine";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import { botIdPattern } from "../bots/get-public-bot";
import { findOwnedPersona } from "./console-personas";
import { isPlanId, isTrialOver, loadOwnerPlan } from "./console-plan";
import type { ConsoleServices } from "./console-services";
import { parseInput } from "./parse-input";
import { randomBase62 } from "./random-id";
import type { SecretBox } from "./secret-box";

/** Random bot ids: 12 base62 characters (about 71 bits), in public URLs (/bot/<id>). */
export const botIdLength = 12;

export function createBotId(): string {
  return randomBase62(botIdLength);
}

/** "…abcd": the last four characters, the only part of a key ever shown again. */
export function keyHint(key: string): string {
  return key.slice(-4);
}

const botColumns = {
  bot: bots,
  personaName: personas.name,
  personaAvatar: personas.avatar,
  conversationCount: sql<number>`(select count(*)::int from ${conversations} c where c.bot_id = "bots"."id")`,
};

type BotListRow = {
  bot: BotRow;
  personaName: string;
  personaAvatar: string;
  conversationCount: number;
};

function toBotDto({ bot, personaName, personaAvatar, conversationCount }: BotListRow): BotDto {
  const providerProblem = toProviderProblem(bot.providerErrorKind);
  return {
    id: bot.id,
    name: bot.name,
    description: bot.description ?? "",
    purpose: bot.purpose ?? "",
    personaId: bot.personaId,
    personaName,
    personaAvatar,
    provider: bot.aiProvider,
    model: bot.aiModel ?? "",
    providerKeyHint: bot.providerKeyHint ? `…${bot.providerKeyHint}` : null,
    providerProblem,
    providerProblemAt: providerProblem ? (bot.providerErrorAt?.toISOString() ?? null) : null,
    status: bot.status,
    indexable: bot.indexable,
    publicPath: `/bot/${bot.id}`,
    conversationCount: Number(conversationCount),
    createdAt: bot.createdAt.toISOString(),
    updatedAt: bot.updatedAt.toISOString(),
  };
}

function toProviderProblem(errorKind: string | null): BotProviderProblem | null {
  return (botProviderProblems as readonly string[]).includes(errorKind ?? "")
    ? (errorKind as BotProviderProblem)
    : null;
}

/**
 * The key columns for what the owner sent: a key is stored sealed (never in clear) with its
 * hint; "" removes it. The local provider takes no key, so none is kept for it.
 */
function keyColumns(
  box: SecretBox,
  provider: BotProviderId,
  providerKey: string,
): Pick<NewBotRow, "providerKeyCiphertext" | "providerKeyHint"> {
  if (provider === "local" || !providerKey) {
    return { providerKeyCiphertext: null, providerKeyHint: null };
  }
  return { providerKeyCiphertext: box.seal(providerKey), providerKeyHint: keyHint(providerKey) };
}

/**
 * Checks a provider key with the provider (see the engine's `checkProviderKey`); the console
 * passes the server's settings for the provider with the owner's key, if any, over them.
 */
export type ProviderKeyChecker = (
  kind: string,
  settings: ProviderSettings,
  signal?: AbortSignal,
) => Promise<ProviderKeyCheck>;

export type ConsoleBotsDeps = {
  /** The server's configured settings per provider (keys, base URLs), as the engine has them. */
  providerSettings: Partial<Record<string, ProviderSettings>>;
  checkProviderKey: ProviderKeyChecker;
  /** Where a provider that could not be reached is reported (the operator's to look at). */
  logger?: Logger;
};

/** The health columns of a bot whose provider works (as far as anyone knows). */
const providerHealthy = { providerError: null, providerErrorKind: null, providerErrorAt: null };

export function createConsoleBots(
  db: Db,
  box: SecretBox,
  deps: ConsoleBotsDeps,
): ConsoleServices["bots"] {
  /**
   * Refuses to save a provider that would answer customers with an apology: the key the bot
   * would use (the owner's, or the server's when they gave none) is tried with the provider
   * first. The field error says why, by a code the console words in the owner's language.
   */
  async function requireWorkingKey(provider: BotProviderId, ownKey: string | null) {
    if (provider === "local") return;
    const settings = { ...deps.providerSettings[provider], ...(ownKey ? { apiKey: ownKey } : {}) };
    const result = await deps.checkProviderKey(provider, settings);
    if (result.ok) return;
    const isOwn = ownKey !== null;
    if (result.kind === "auth" || result.kind === "quota" || result.kind === "config") {
      const issue = {
        auth: isOwn ? "keyRefused" : "serverKeyRefused",
        quota: isOwn ? "keyQuota" : "serverKeyQuota",
        config: "noServerKey",
      }[result.kind];
      throw new AppError("VALIDATION_FAILED", {
        message: isOwn ? "the provider refused the key" : "the server's key does not work",
        fields: { providerKey: issue },
      });
    }
    deps.logger?.warn("provider key check failed: the provider could not be reached", {
      provider,
      errorKind: result.kind,
      error: result.message,
    });
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "the provider could not be reached to check the key; try again in a minute",
      fields: { providerKey: "providerUnreachable" },
    });
  }

  /** The owner's stored key, or null (none, or unreadable: the turn then uses the server's). */
  function storedKey(row: BotRow): string | null {
    if (!row.providerKeyCiphertext) return null;
    try {
      return box.open(row.providerKeyCiphertext);
    } catch {
      return null;
    }
  }

  async function findBot(ownerId: string, botId: string): Promise<BotDto> {
    if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
    const [row] = await db
      .select(botColumns)
      .from(bots)
      .innerJoin(personas, eq(personas.id, bots.personaId))
      .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
    if (!row) throw new AppError("NOT_FOUND");
    return toBotDto(row);
  }

  return {
    async list(ownerId) {
      const rows = await db
        .select(botColumns)
        .from(bots)
        .innerJoin(personas, eq(personas.id, bots.personaId))
        .where(eq(bots.ownerId, ownerId))
        .orderBy(asc(bots.createdAt), asc(bots.id));
      return rows.map(toBotDto);
    },

    get: findBot,

    async create(ownerId, input) {
      const parsed = parseInput(CreateBotSchema, input);
      await findOwnedPersona(db, ownerId, parsed.personaId);
      // Before the plan's lock is taken: the provider may take seconds to answer.
      await requireWorkingKey(parsed.provider, parsed.providerKey || null);
      const id = createBotId();
      await db.transaction(async (tx) => {
        // The plan row, locked: two creations at once cannot both pass the limit.
        const plan = await loadOwnerPlan(tx, ownerId, { lock: true });
        if (isTrialOver(plan)) {
          throw new AppError("PLAN_LIMIT_REACHED", { fields: { plan: "trialEnded" } });
        }
        const allowances = getPlan(isPlanId(plan.planId) ? plan.planId : "free").allowances;
        const [{ total } = { total: 0 }] = await tx
          .select({ total: count() })
          .from(bots)
          .where(eq(bots.ownerId, ownerId));
        if (!isWithinQuota(total + 1, allowances.bots)) {
          throw new AppError("PLAN_LIMIT_REACHED", { fields: { plan: "bots" } });
        }
        await tx.insert(bots).values({
          id,
          ownerId,
          personaId: parsed.personaId,
          name: parsed.name,
          description: parsed.description,
          purpose: parsed.purpose,
          aiProvider: parsed.provider,
          aiModel: parsed.model || null,
          status: "active",
          ...keyColumns(box, parsed.provider, parsed.providerKey),
        });
      });
      return findBot(ownerId, id);
    },

    async update(ownerId, botId, input) {
      const parsed = parseInput(UpdateBotSchema, input);
      if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
      const [current] = await db
        .select()
        .from(bots)
        .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
      if (!current) throw new AppError("NOT_FOUND");
      if (parsed.personaId !== undefined) await findOwnedPersona(db, ownerId, parsed.personaId);

      const provider = parsed.provider ?? current.aiProvider;
      const isProviderChanged = provider !== current.aiProvider;
      // The key the bot will use: a new one, the server's (removed, or dropped with the
      // provider), or the one it has.
      const key =
        parsed.providerKey !== undefined
          ? parsed.providerKey || null
          : isProviderChanged
            ? null
            : storedKey(current);
      const isProviderSaved =
        parsed.provider !== undefined ||
        parsed.model !== undefined ||
        parsed.providerKey !== undefined;
      // A new provider or key is checked; so are unchanged settings saved again while customers
      // get an apology (the owner fixed it with the provider: a passing check clears the status).
      const isChecked =
        isProviderChanged ||
        parsed.providerKey !== undefined ||
        (isProviderSaved && current.providerError !== null);
      if (isChecked) await requireWorkingKey(provider, key);
      const changes: Partial<NewBotRow> = {
        ...(parsed.personaId === undefined ? {} : { personaId: parsed.personaId }),
        ...(parsed.name === undefined ? {} : { name: parsed.name }),
        ...(parsed.description === undefined ? {} : { description: parsed.description }),
        ...(parsed.purpose === undefined ? {} : { purpose: parsed.purpose }),
        ...(parsed.model === undefined ? {} : { aiModel: parsed.model || null }),
        ...(parsed.status === undefined ? {} : { status: parsed.status }),
        ...(parsed.indexable === undefined ? {} : { indexable: parsed.indexable }),
        aiProvider: provider,
        ...(isChecked || (isProviderSaved && provider === "local") ? providerHealthy : {}),
      };
      if (parsed.providerKey !== undefined) {
        Object.assign(changes, keyColumns(box, provider, parsed.providerKey));
      } else if (provider !== current.aiProvider) {
        // A key belongs to one provider: switching provider drops the old one.
        Object.assign(changes, { providerKeyCiphertext: null, providerKeyHint: null });
      }
      const isPersonaChanged =
        parsed.personaId !== undefined && parsed.personaId !== current.personaId;
      await db
        .update(bots)
        .set({
          ...changes,
          // Another persona brings other FAQs: the bot's cached retrieval index is stale.
          ...(isPersonaChanged ? { knowledgeVersion: sql`${bots.knowledgeVersion} + 1` } : {}),
        })
        .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
      return findBot(ownerId, botId);
    },

    async delete(ownerId, botId) {
      if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
      // Conversations, messages, visitors, attachments and knowledge go by cascade.
      const deleted = await db
        .delete(bots)
        .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)))
        .returning({ id: bots.id });
      if (deleted.length === 0) throw new AppError("NOT_FOUND");
    },
  };
}
