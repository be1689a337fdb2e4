import type { ConversationChannel } from "@jai/contracts/channels";
import { and, contacts, type Db, eq, sql } from "@jai/db";
import { hashVisitorToken } from "./visitor-token";

/**
 * Who a turn is with, as a channel knows them: the channel, its id for the person, and what it
 * tells about them. Nothing here knows about cookies or wire formats: an anonymous browser's
 * channel turns its token into `externalId` with `contactIdForToken` first.
 */
export type TurnParticipant = {
  channel: ConversationChannel;
  /** The channel's id for the person: a LINE user id, `user:<id>` from an API, a token hash. */
  externalId: string;
  displayName?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  /** What the person speaks, when the channel says ("th", "en-US"). */
  language?: string | null;
};

/** A contact to look up: one per bot + channel + external id. */
export type ContactRef = { channel: ConversationChannel; externalId: string };

/**
 * The external id of an anonymous browser (the hosted page's cookie, the widget's stored token):
 * a hash of its random token salted with the bot id, so the database never holds the token and
 * one browser cannot be linked across bots. The same value `visitors.token_hash` held, so
 * cookies issued before contacts existed still find their contact.
 */
export function contactIdForToken(botId: string, token: string): string {
  return hashVisitorToken(botId, token);
}

/** Longest external id kept (LINE ids are 33 characters; integrators' ids are bounded too). */
export const externalIdMaxChars = 256;

/** The contact's id on a bot, or undefined (none, or never chatted). */
export async function findContactId(
  db: Db,
  botId: string,
  ref: ContactRef | undefined,
): Promise<string | undefined> {
  if (!ref) return undefined;
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.botId, botId),
        eq(contacts.channel, ref.channel),
        eq(contacts.externalId, ref.externalId),
      ),
    );
  return row?.id;
}

/**
 * Finds or creates the participant's contact (in the caller's transaction) and records that they
 * were seen. What the channel tells about them (name, email, avatar, language) replaces what was
 * stored when given; what it leaves out is kept. Returns whether the contact is new.
 */
export async function upsertContact(
  tx: Db,
  botId: string,
  participant: TurnParticipant,
  now: Date,
): Promise<{ id: string; created: boolean; memory: string | null }> {
  const profile = {
    ...(participant.displayName ? { displayName: participant.displayName.slice(0, 200) } : {}),
    ...(participant.email ? { email: participant.email.slice(0, 320) } : {}),
    ...(participant.avatarUrl ? { avatarUrl: participant.avatarUrl.slice(0, 2000) } : {}),
    ...(participant.language ? { language: participant.language } : {}),
  };
  const [row] = await tx
    .insert(contacts)
    .values({
      botId,
      channel: participant.channel,
      externalId: participant.externalId,
      ...profile,
      createdAt: now,
      lastSeenAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [contacts.botId, contacts.channel, contacts.externalId],
      set: { lastSeenAt: now, ...profile },
    })
    // A row inserted by this statement has xmax 0; an updated one has not.
    // The memory comes back with it: a turn gives it to the model (run-turn.ts).
    .returning({ id: contacts.id, created: sql<boolean>`(xmax = 0)`, memory: contacts.memory });
  return { id: row!.id, created: row!.created, memory: row!.memory };
}
