import { consoleLimits, type PersonaDto, type PersonaSummaryDto } from "@jai/contracts/console";
import { type Persona, PersonaSchema, personaLimits } from "@jai/contracts/persona";
import { and, asc, bots, count, type Db, eq, type PersonaRow, personas, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { toEnginePersona, toPersonaFields } from "../bots/persona-row";
import type { ConsoleServices } from "./console-services";
import { parseInput } from "./parse-input";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a row id at all (anything else is NOT_FOUND without a query). */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** The owner's persona row, or AppError NOT_FOUND (someone else's, unknown, malformed id). */
export async function findOwnedPersona(
  db: Db,
  ownerId: string,
  personaId: string,
): Promise<PersonaRow> {
  if (!isUuid(personaId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select()
    .from(personas)
    .where(and(eq(personas.id, personaId), eq(personas.ownerId, ownerId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** A persona as the builder saves it: the shared schema, and a name (the library lists by it). */
function parsePersona(input: unknown): Persona {
  const persona = parseInput(PersonaSchema, input);
  const name = persona.name.trim();
  if (!name) throw new AppError("VALIDATION_FAILED", { fields: { name: "missing" } });
  return { ...persona, name };
}

export function toPersonaDto(row: PersonaRow): PersonaDto {
  return {
    id: row.id,
    persona: toEnginePersona(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "<name> (copy)", shortening the name so the whole fits the name limit. */
export function copyName(name: string): string {
  const suffix = " (copy)";
  return `${name.slice(0, personaLimits.name - suffix.length).trimEnd()}${suffix}`;
}

export function createConsolePersonas(db: Db): ConsoleServices["personas"] {
  async function insertPersona(ownerId: string, persona: Persona): Promise<PersonaDto> {
    return db.transaction(async (tx) => {
      // Serializes one owner's creations, so two at once cannot both pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`personas:${ownerId}`}))`);
      const [{ total } = { total: 0 }] = await tx
        .select({ total: count() })
        .from(personas)
        .where(eq(personas.ownerId, ownerId));
      if (total >= consoleLimits.personasPerOwner) {
        throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "personas" } });
      }
      const [row] = await tx
        .insert(personas)
        .values({ ...toPersonaFields(persona), ownerId })
        .returning();
      return toPersonaDto(row!);
    });
  }

  return {
    async list(ownerId) {
      const botCount = sql<number>`(select count(*)::int from ${bots} b where b.persona_id = "personas"."id")`;
      const rows = await db
        .select({
          id: personas.id,
          name: personas.name,
          avatar: personas.avatar,
          role: personas.role,
          tone: personas.tone,
          language: personas.language,
          botCount,
          createdAt: personas.createdAt,
          updatedAt: personas.updatedAt,
        })
        .from(personas)
        .where(eq(personas.ownerId, ownerId))
        .orderBy(asc(personas.name), asc(personas.id));
      return rows.map(
        (row): PersonaSummaryDto => ({
          ...row,
          botCount: Number(row.botCount),
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        }),
      );
    },

    async get(ownerId, personaId) {
      return toPersonaDto(await findOwnedPersona(db, ownerId, personaId));
    },

    async create(ownerId, input) {
      return insertPersona(ownerId, parsePersona(input));
    },

    async update(ownerId, personaId, input) {
      const persona = parsePersona(input);
      if (!isUuid(personaId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .update(personas)
        .set(toPersonaFields(persona))
        .where(and(eq(personas.id, personaId), eq(personas.ownerId, ownerId)))
        .returning();
      if (!row) throw new AppError("NOT_FOUND");
      return toPersonaDto(row);
    },

    async duplicate(ownerId, personaId) {
      const original = toEnginePersona(await findOwnedPersona(db, ownerId, personaId));
      return insertPersona(ownerId, { ...original, name: copyName(original.name) });
    },

    async delete(ownerId, personaId) {
      await findOwnedPersona(db, ownerId, personaId);
      const [{ used } = { used: 0 }] = await db
        .select({ used: count() })
        .from(bots)
        .where(eq(bots.personaId, personaId));
      if (used > 0) throw new AppError("CONFLICT", { fields: { persona: "inUse" } });
      try {
        await db
          .delete(personas)
          .where(and(eq(personas.id, personaId), eq(personas.ownerId, ownerId)));
      } catch (error) {
        // A bot started using it in between: the foreign key (on delete restrict) refused.
        if (isForeignKeyViolation(error)) {
          throw new AppError("CONFLICT", { fields: { persona: "inUse" }, cause: error });
        }
        throw error;
      }
    },
  };
}

export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23503") return true;
    if (typeof current !== "object") break;
  }
  return false;
}
