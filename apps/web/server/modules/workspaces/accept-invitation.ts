import type { AcceptedInvitationDto, InvitationInfoDto } from "@jai/contracts/inbox";
import {
  and,
  type Db,
  eq,
  sql,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "@jai/db";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import { hashInvitationToken, isInvitationTokenShape, maskEmail } from "./invitation-token";
import { lockWorkspace, planSeats } from "./team";

/** Where someone lands after joining: agents work in the inbox, admins in the console. */
const landingOf = (role: string): AcceptedInvitationDto["next"] =>
  role === "agent" ? "/app/inbox" : "/app";

/**
 * What the invitation page shows anyone holding the link: the workspace, who invited, the
 * role, the address (masked) and whether it can still be accepted. Null for an unknown token.
 */
export async function getInvitationInfo(db: Db, token: string): Promise<InvitationInfoDto | null> {
  if (!isInvitationTokenShape(token)) return null;
  const [row] = await db
    .select({
      invitation: workspaceInvitations,
      workspaceName: workspaces.name,
      inviterName: users.name,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) return null;
  const { invitation } = row;
  return {
    workspaceName: row.workspaceName,
    inviterName: row.inviterName,
    role: invitation.role,
    email: maskEmail(invitation.email),
    status: invitation.acceptedAt
      ? "accepted"
      : invitation.revokedAt
        ? "revoked"
        : invitation.expiresAt <= new Date()
          ? "expired"
          : "pending",
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * The invited address of a link (the invitation page compares it with the signed-in user's and
 * fills it in on the sign-up form); null for an unknown token.
 */
export async function getInvitedEmail(db: Db, token: string): Promise<string | null> {
  if (!isInvitationTokenShape(token)) return null;
  const [row] = await db
    .select({ email: workspaceInvitations.email })
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, hashInvitationToken(token)));
  return row?.email ?? null;
}

/**
 * Accepts an invitation for the signed-in user: they become a member with the invitation's role
 * and the invitation is used up. Refuses: NOT_FOUND (unknown link), FORBIDDEN (`email`:
 * "unverified" — the address is not confirmed, "mismatch" — signed in with another address than
 * the invited one), CONFLICT (`invitation`: "expired", "revoked", "used"), PLAN_LIMIT_REACHED
 * (`limit`: "seats", when the plan shrank since). Accepting again by the same person is a no-op.
 */
export async function acceptInvitation(
  { db, logger }: { db: Db; logger: Logger },
  user: { userId: string; email: string; emailVerified: boolean },
  token: string,
): Promise<AcceptedInvitationDto> {
  if (!isInvitationTokenShape(token)) throw new AppError("NOT_FOUND");
  const tokenHash = hashInvitationToken(token);
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ workspaceId: workspaceInvitations.workspaceId })
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.tokenHash, tokenHash));
    if (!found) throw new AppError("NOT_FOUND");
    // The workspace first, then the invitation: the same order as inviting (no deadlock).
    await lockWorkspace(tx, found.workspaceId);
    const [invitation] = await tx
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.tokenHash, tokenHash))
      .for("update");
    if (!invitation) throw new AppError("NOT_FOUND");
    const [membership] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, invitation.workspaceId),
          eq(workspaceMembers.userId, user.userId),
        ),
      );
    if (invitation.acceptedAt) {
      if (invitation.acceptedBy === user.userId && membership) {
        return { invitation, role: membership.role, joined: false };
      }
      throw new AppError("CONFLICT", { fields: { invitation: "used" } });
    }
    if (invitation.revokedAt) {
      throw new AppError("CONFLICT", { fields: { invitation: "revoked" } });
    }
    if (invitation.expiresAt <= new Date()) {
      throw new AppError("CONFLICT", { fields: { invitation: "expired" } });
    }
    if (invitation.email !== user.email.trim().toLowerCase()) {
      throw new AppError("FORBIDDEN", { fields: { email: "mismatch" } });
    }
    if (!user.emailVerified) {
      throw new AppError("FORBIDDEN", { fields: { email: "unverified" } });
    }
    let role = membership?.role;
    if (!role) {
      const [{ members } = { members: 0 }] = (
        await tx.execute<{ members: number }>(
          sql`select count(*)::int as members from workspace_members where workspace_id = ${invitation.workspaceId}`,
        )
      ).rows;
      const limit = await planSeats(tx, invitation.workspaceId);
      if (limit !== null && Number(members) + 1 > limit) {
        throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "seats" } });
      }
      await tx.insert(workspaceMembers).values({
        workspaceId: invitation.workspaceId,
        userId: user.userId,
        role: invitation.role,
      });
      role = invitation.role;
    }
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: user.userId })
      .where(eq(workspaceInvitations.id, invitation.id));
    return { invitation, role, joined: !membership };
  });
  if (result.joined) {
    logger.info("invitation accepted", {
      workspaceId: result.invitation.workspaceId,
      invitationId: result.invitation.id,
      userId: user.userId,
      role: result.role,
    });
  }
  return {
    workspaceId: result.invitation.workspaceId,
    role: result.role,
    next: landingOf(result.role),
  };
}
