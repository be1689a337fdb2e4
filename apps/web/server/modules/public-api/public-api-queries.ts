import type { ConversationChannel } from "@jai/contracts/channels";
import type { UpdateContactInput } from "@jai/contracts/public-api";
import {
  and,
  bots,
  type ContactAttributes,
  type ContactRow as ContactDbRow,
  contacts,
  conversations,
  type Db,
  desc,
  eq,
  gte,
  messages,
  ne,
  type SQL,
  sql,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { isUuid } from "../conversations/is-uuid";
import { toMessageDto } from "../conversations/to-message-dto";

/**
 * What the public API reads and changes, always inside one owner's bots: a bot, conversation or
 * contact of anyone else answers exactly like one that does not exist (NOT_FOUND).
 */

/** The opaque cursor of keyset paging: the last row's sort time (microseconds kept) and id. */
type Cursor = { at: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

export function decodeCursor(value: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (
      typeof at === "string" &&
      /^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:\d{2})?|Z)$/.test(at) &&
      typeof id === "string" &&
      isUuid(id)
    ) {
      return { at, id };
    }
  } catch {
    // falls through
  }
  throw new AppError("VALIDATION_FAILED", { fields: { cursor: "invalid" } });
}

/** The owner's bots, as a condition on a table's `bot_id`. */
const ownedBot = (ownerId: string, botIdColumn: SQL | unknown) =>
  sql`${botIdColumn} in (select ${bots.id} from ${bots} where ${bots.ownerId} = ${ownerId})`;

const iso = (value: Date) => value.toISOString();

export async function listConversations(
  db: Db,
  ownerId: string,
  query: {
    limit: number;
    cursor?: string;
    botId?: string;
    channel?: ConversationChannel;
    contactId?: string;
    updatedSince?: string;
  },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({
      id: conversations.id,
      botId: conversations.botId,
      channel: conversations.channel,
      contactId: conversations.contactId,
      language: conversations.language,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      sortKey: sql<string>`${conversations.updatedAt}::text`,
      messageCount: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = "conversations"."id")`,
    })
    .from(conversations)
    .where(
      and(
        ownedBot(ownerId, conversations.botId),
        query.botId ? eq(conversations.botId, query.botId) : undefined,
        query.channel ? eq(conversations.channel, query.channel) : undefined,
        query.contactId ? eq(conversations.contactId, query.contactId) : undefined,
        query.updatedSince ? gte(conversations.updatedAt, new Date(query.updatedSince)) : undefined,
        after
          ? sql`(${conversations.updatedAt}, ${conversations.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    conversations: page.map(({ sortKey: _, ...row }) => ({
      ...row,
      messageCount: Number(row.messageCount),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
  };
}

export async function getConversation(db: Db, ownerId: string, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const result = await listConversationsById(db, ownerId, id);
  if (!result) throw new AppError("NOT_FOUND");
  return result;
}

async function listConversationsById(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      botId: conversations.botId,
      channel: conversations.channel,
      contactId: conversations.contactId,
      language: conversations.language,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      messageCount: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = "conversations"."id")`,
    })
    .from(conversations)
    .where(and(eq(conversations.id, id), ownedBot(ownerId, conversations.botId)));
  return row
    ? {
        ...row,
        messageCount: Number(row.messageCount),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      }
    : undefined;
}

/** A conversation's messages, newest first page by page (keyset), each page oldest first. */
export async function listConversationMessages(
  db: Db,
  ownerId: string,
  conversationId: string,
  query: { limit: number; cursor?: string },
) {
  await getConversation(db, ownerId, conversationId);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({
      id: messages.id,
      sender: messages.sender,
      content: messages.content,
      media: messages.media,
      status: messages.status,
      createdAt: messages.createdAt,
      sortKey: sql<string>`${messages.createdAt}::text`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.status, "streaming"),
        ne(messages.sender, "event"),
        after
          ? sql`(${messages.createdAt}, ${messages.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    messages: page.reverse().map(({ sortKey: _, ...row }) => toMessageDto(row)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
  };
}

const contactColumns = {
  id: contacts.id,
  botId: contacts.botId,
  channel: contacts.channel,
  externalId: contacts.externalId,
  displayName: contacts.displayName,
  email: contacts.email,
  language: contacts.language,
  attributes: contacts.attributes,
  createdAt: contacts.createdAt,
  lastSeenAt: contacts.lastSeenAt,
};

type ContactRow = Pick<
  ContactDbRow,
  | "id"
  | "botId"
  | "channel"
  | "externalId"
  | "displayName"
  | "email"
  | "language"
  | "attributes"
  | "createdAt"
  | "lastSeenAt"
>;

const toContact = (row: ContactRow) => ({
  ...row,
  createdAt: iso(row.createdAt),
  lastSeenAt: iso(row.lastSeenAt),
});

export async function listContacts(
  db: Db,
  ownerId: string,
  query: { limit: number; cursor?: string; botId?: string; channel?: ConversationChannel },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select({ ...contactColumns, sortKey: sql<string>`${contacts.lastSeenAt}::text` })
    .from(contacts)
    .where(
      and(
        ownedBot(ownerId, contacts.botId),
        query.botId ? eq(contacts.botId, query.botId) : undefined,
        query.channel ? eq(contacts.channel, query.channel) : undefined,
        after
          ? sql`(${contacts.lastSeenAt}, ${contacts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(contacts.lastSeenAt), desc(contacts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    contacts: page.map(({ sortKey: _, ...row }) => toContact(row)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
  };
}

export async function getContact(db: Db, ownerId: string, id: string) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.id, id), ownedBot(ownerId, contacts.botId)));
  if (!row) throw new AppError("NOT_FOUND");
  return toContact(row);
}

/** Changes what the owner may set about a contact; attributes are merged (`null` removes). */
export async function updateContact(
  db: Db,
  ownerId: string,
  id: string,
  input: UpdateContactInput,
  maxAttributes: number,
) {
  return db.transaction(async (tx) => {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const [current] = await tx
      .select({ attributes: contacts.attributes })
      .from(contacts)
      .where(and(eq(contacts.id, id), ownedBot(ownerId, contacts.botId)))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND");
    let attributes: ContactAttributes | undefined;
    if (input.attributes) {
      attributes = { ...current.attributes };
      for (const [key, value] of Object.entries(input.attributes)) {
        if (value === null) delete attributes[key];
        else attributes[key] = value;
      }
      if (Object.keys(attributes).length > maxAttributes) {
        throw new AppError("VALIDATION_FAILED", { fields: { attributes: "tooMany" } });
      }
    }
    await tx
      .update(contacts)
      .set({
        ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(attributes ? { attributes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, id));
    const [row] = await tx.select(contactColumns).from(contacts).where(eq(contacts.id, id));
    return toContact(row!);
  });
}

/** A conversation's contact (channel and external id), within the owner's bots; NOT_FOUND else. */
export async function getConversationContact(db: Db, ownerId: string, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ channel: contacts.channel, externalId: contacts.externalId })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.id, conversationId), ownedBot(ownerId, conversations.botId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
