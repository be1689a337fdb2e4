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
  messages,
  type NewBotRow,
  personas,
  sql,
} from "@jai/db";
import { AppError } from "../../http/errors";
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
  // How the bot's latest finished turn since its settings changed went with the provider: a
  // refused key or a used-up quota is the owner's to fix (replacing the key clears it).
  latestErrorKind: sql<string | null>`(select m.error_kind from ${messages} m
    where m.bot_id = "bots"."id" and m.sender = 'bot' and m.status in ('completed', 'failed')
      and m.created_at > "bots"."updated_at"
    order by m.created_at desc limit 1)`,
};

type BotListRow = {
  bot: BotRow;
  personaName: string;
  personaAvatar: string;
  conversationCount: number;
  latestErrorKind: string | null;
};

function toBotDto({
  bot,
  personaName,
  personaAvatar,
  conversationCount,
  latestErrorKind,
}: BotListRow): BotDto {
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
    providerProblem: toProviderProblem(latestErrorKind),
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

export function createConsoleBots(db: Db, box: SecretBox): ConsoleServices["bots"] {
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
      const changes: Partial<NewBotRow> = {
        ...(parsed.personaId === undefined ? {} : { personaId: parsed.personaId }),
        ...(parsed.name === undefined ? {} : { name: parsed.name }),
        ...(parsed.description === undefined ? {} : { description: parsed.description }),
        ...(parsed.purpose === undefined ? {} : { purpose: parsed.purpose }),
        ...(parsed.model === undefined ? {} : { aiModel: parsed.model || null }),
        ...(parsed.status === undefined ? {} : { status: parsed.status }),
        ...(parsed.indexable === undefined ? {} : { indexable: parsed.indexable }),
        aiProvider: provider,
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
