import { contacts, conversations, type Db, eq, sql } from "@jai/db";
import {
  forgetMeReply,
  memoryMaxChars,
  type PersonaGender,
  type TurnEvent,
  type TurnResult,
} from "@jai/engine";
import { describeError, type Logger } from "../../logger";

/**
 * A contact's long-term memory (contacts.memory): a few lines of facts the customer told the
 * bot, written by the contact-memory job after a conversation goes quiet, given to the model in
 * later turns, edited or cleared by the owner, and cleared by the customer's "forget me".
 */

/**
 * Erases what the bot remembers about a contact, and marks every one of their conversations
 * summarised up to now, so the job never writes the memory again from what was said before (it
 * reads only messages newer than a conversation's `memorized_at`). The transcripts themselves
 * stay: they are the owner's records, and the owner deletes them (the reply says so).
 */
export async function forgetContactMemory(db: Db, contactId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx
      .update(contacts)
      .set({ memory: null, memoryUpdatedAt: null, updatedAt: now })
      .where(eq(contacts.id, contactId));
    await tx
      .update(conversations)
      // `updated_at` is the conversation's last activity (the job's "quiet since"): kept.
      .set({ memorizedAt: now, updatedAt: sql`${conversations.updatedAt}` })
      .where(eq(conversations.contactId, contactId));
  });
}

/** The owner's own words for a contact's memory (already validated); null or empty clears it. */
export async function writeContactMemory(
  db: Db,
  contactId: string,
  memory: string | null,
  now = new Date(),
): Promise<{ memory: string | null; updatedAt: Date | null }> {
  const text = memory?.trim().slice(0, memoryMaxChars) || null;
  if (!text) {
    await forgetContactMemory(db, contactId, now);
    return { memory: null, updatedAt: null };
  }
  await db
    .update(contacts)
    .set({ memory: text, memoryUpdatedAt: now, updatedAt: now })
    .where(eq(contacts.id, contactId));
  return { memory: text, updatedAt: now };
}

/**
 * The turn that answers a forget-me request, shaped like the engine's: the memory is erased,
 * then the confirmation streams as one token, in the customer's language (Thai when they wrote
 * in Thai, English otherwise), with the persona's Thai particle. No provider is called. If the
 * erase fails the turn fails, with the apology, so the customer is never told a lie.
 */
export async function* forgetMeTurn(input: {
  db: Db;
  logger: Logger;
  contactId: string;
  message: string;
  gender: PersonaGender;
}): AsyncGenerator<TurnEvent, void, undefined> {
  const startedAt = performance.now();
  const language = /[\u0E01-\u0E4F]/.test(input.message) ? "th" : "en";
  const base = {
    text: "",
    latency: { totalMs: 0 },
    provider: "system",
    model: "",
    attempts: 0,
    language,
    sources: [],
  } satisfies Omit<TurnResult, "status" | "reply">;
  try {
    await forgetContactMemory(input.db, input.contactId);
  } catch (error) {
    input.logger.error("contact memory not erased", {
      contactId: input.contactId,
      ...describeError(error),
    });
    const apology =
      language === "th"
        ? "ขออภัย ตอนนี้ยังลบข้อมูลไม่ได้ กรุณาลองใหม่อีกครั้งในอีกสักครู่"
        : "Sorry, I couldn't erase your data just now. Please try again in a moment.";
    const result: TurnResult = {
      ...base,
      status: "failed",
      reply: apology,
      error: { kind: "unknown", message: "the memory could not be erased" },
      latency: { totalMs: performance.now() - startedAt },
    };
    yield { type: "done", result };
    return;
  }
  const reply = forgetMeReply(language, input.gender);
  yield { type: "token", text: reply };
  yield {
    type: "done",
    result: {
      ...base,
      status: "completed",
      reply,
      text: reply,
      latency: { firstTokenMs: 0, totalMs: performance.now() - startedAt },
    },
  };
}
