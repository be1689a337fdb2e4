import {
  and,
  bots,
  conversations,
  type Db,
  emailOutbox,
  eq,
  notExists,
  personas,
  sql,
  users,
} from "@jai/db";

/**
 * Deletes an owner and everything they own, in one transaction: their bots (with the bots'
 * conversations, knowledge and visitors, by cascade), their personas, the account emails sent to
 * them, and the user row (sessions, password and two-factor rows go with it, by cascade).
 *
 * A persona still used by someone else's bot (a clone sharing it) is kept for that bot but no
 * longer belongs to anyone.
 */
export async function deleteOwnerData(db: Db, owner: { id: string; email: string }) {
  await db.transaction(async (tx) => {
    await tx.delete(bots).where(eq(bots.ownerId, owner.id));
    await tx
      .delete(personas)
      .where(
        and(
          eq(personas.ownerId, owner.id),
          notExists(tx.select({ one: sql`1` }).from(bots).where(eq(bots.personaId, personas.id))),
        ),
      );
    await tx.update(personas).set({ ownerId: null }).where(eq(personas.ownerId, owner.id));
    await tx
      .delete(emailOutbox)
      .where(and(eq(emailOutbox.kind, "auth"), eq(emailOutbox.toAddress, owner.email)));
    // Conversations they answered in other workspaces wait for that team again (deleting the
    // user would only clear the assignee and leave them "open" with nobody on them).
    await tx
      .update(conversations)
      .set({ status: "pending", waitingSince: sql`now()`, waitingAlertedAt: null })
      .where(and(eq(conversations.assigneeId, owner.id), eq(conversations.status, "open")));
    await tx.delete(users).where(eq(users.id, owner.id));
  });
}
