import { type ContactMemoryDto, ContactMemorySchema } from "@jai/contracts/console";
import { and, bots, contacts, type Db, eq } from "@jai/db";
import { AppError } from "../../http/errors";
import {
  forgetContactMemory,
  writeContactMemory,
} from "../../modules/conversations/contact-memory";
import { botIdPattern } from "../bots/get-public-bot";
import { isUuid } from "./console-personas";
import type { ConsoleServices } from "./console-services";
import { parseInput } from "./parse-input";

/**
 * The owner's side of a contact's memory (the transcript's memory panel): replace it with their
 * own words, or clear it. Only the owner of the contact's bot reaches it (NOT_FOUND otherwise,
 * checked before the body is read, so another owner learns nothing from a 422).
 */
export function createConsoleContactMemory(db: Db): ConsoleServices["contacts"] {
  async function requireContact(ownerId: string, botId: string, contactId: string) {
    if (!botIdPattern.test(botId) || !isUuid(contactId)) throw new AppError("NOT_FOUND");
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .innerJoin(bots, eq(bots.id, contacts.botId))
      .where(and(eq(contacts.id, contactId), eq(contacts.botId, botId), eq(bots.ownerId, ownerId)));
    if (!row) throw new AppError("NOT_FOUND");
  }

  return {
    async updateMemory(ownerId, botId, contactId, input): Promise<ContactMemoryDto> {
      await requireContact(ownerId, botId, contactId);
      const { memory } = parseInput(ContactMemorySchema, input);
      const written = await writeContactMemory(db, contactId, memory);
      return {
        contactId,
        memory: written.memory,
        updatedAt: written.updatedAt?.toISOString() ?? null,
      };
    },

    async clearMemory(ownerId, botId, contactId) {
      await requireContact(ownerId, botId, contactId);
      // Like the customer's "forget me": what was said before never rebuilds it.
      await forgetContactMemory(db, contactId);
    },
  };
}
