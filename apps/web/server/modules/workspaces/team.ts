import {
  ChangeRoleSchema,
  type InvitationDto,
  InviteSchema,
  inboxLimits,
  type MemberDto,
  type TeamDto,
  type WorkspaceRole,
} from "@jai/contracts/inbox";
import type { Locale } from "@jai/contracts/locale";
import { getPlan } from "@jai/contracts/plans";
import {
  and,
  asc,
  conversations,
  type Db,
  eq,
  gt,
  isNull,
  sql,
  users,
  type WorkspaceInvitationRow,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "@jai/db";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import { isPlanId, loadOwnerPlan } from "../../services/console/console-plan";
import { parseInput } from "../../services/console/parse-input";
import { assertWithinQuota } from "../billing/allowances";
import { isUuid } from "../conversations/is-uuid";
import { recordInboxEvent } from "../inbox/inbox-events";
import { enqueueInvitationEmail } from "./invitation-email";
import { createInvitationToken } from "./invitation-token";
import { hasRole } from "./workspace-access";

/** Who acts on the team: the signed-in member in the workspace the request acts in. */
export type TeamActor = {
  userId: string;
  name: string;
  workspaceId: string;
  workspaceName: string;
  role: WorkspaceRole;
  locale: Locale;
};

export type TeamDeps = {
  db: Db;
  logger: Logger;
  /** PUBLIC_URL: the invitation links. */
  publicUrl: string;
  /** Wakes the email outbox worker once an invitation is committed. */
  onEmailQueued?: () => void;
};

const dayMs = 24 * 60 * 60 * 1000;

/** The plan's seats for a workspace (its owner's plan); null: unlimited. */
export async function planSeats(db: Db, workspaceId: string): Promise<number | null> {
  const row = await loadOwnerPlan(db, workspaceId);
  const seats = getPlan(isPlanId(row.planId) ? row.planId : "free").allowances.seats;
  return seats === "unlimited" ? null : seats;
}

/** Members and invitations that hold a seat now (an invitation until it expires). */
export async function countSeats(db: Db, workspaceId: string) {
  const result = await db.execute<{ members: number; pending: number }>(sql`
    select
      (select count(*) from workspace_members where workspace_id = ${workspaceId})::int as members,
      (select count(*) from workspace_invitations
        where workspace_id = ${workspaceId} and accepted_at is null and revoked_at is null
          and expires_at > now())::int as pending`);
  const row = result.rows[0];
  return { members: Number(row?.members ?? 0), pending: Number(row?.pending ?? 0) };
}

/** Locks the workspace row: invitations and acceptances of one workspace happen one at a time. */
export async function lockWorkspace(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** PLAN_LIMIT_REACHED unless one more seat fits (`taken` seats are held already). */
async function requireSeat(db: Db, workspaceId: string, taken: number) {
  // The plan row locked too (allowances.ts), after the workspace row the callers hold.
  await assertWithinQuota(db, workspaceId, "seats", taken);
}

const isPending = (row: WorkspaceInvitationRow, now = new Date()) =>
  row.acceptedAt === null && row.revokedAt === null && row.expiresAt > now;

function toInvitationDto(row: WorkspaceInvitationRow, invitedBy: string | null): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * A workspace's team (ADR 0015): members, invitations by email, roles. Every call is scoped to
 * the actor's workspace, so another workspace's ids answer NOT_FOUND like unknown ones. Callers
 * check the role (admins and the owner manage the team); the log names ids, never addresses.
 */
export function createTeam({ db, logger, publicUrl, onEmailQueued }: TeamDeps) {
  const memberSelection = {
    userId: workspaceMembers.userId,
    name: users.name,
    email: users.email,
    role: workspaceMembers.role,
    joinedAt: workspaceMembers.createdAt,
  };
  const toMemberDto = (row: {
    userId: string;
    name: string;
    email: string;
    role: WorkspaceRole;
    joinedAt: Date;
  }): MemberDto => ({ ...row, joinedAt: row.joinedAt.toISOString() });

  async function findMember(tx: Db, workspaceId: string, userId: string, lock = false) {
    const query = tx
      .select(memberSelection)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
      );
    const [row] = await (lock ? query.for("update", { of: workspaceMembers }) : query);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  async function isMemberEmail(tx: Db, workspaceId: string, email: string) {
    const [row] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
    return Boolean(row);
  }

  async function invitation(tx: Db, workspaceId: string, id: string, lock = false) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const query = tx
      .select()
      .from(workspaceInvitations)
      .where(
        and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId)),
      );
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  /** A new token and expiry for an invitation, and its email (in the caller's transaction). */
  async function sendInvitation(
    tx: Db,
    actor: TeamActor,
    workspaceName: string,
    row: Pick<WorkspaceInvitationRow, "email" | "role" | "locale">,
  ) {
    const { token, tokenHash } = createInvitationToken();
    await enqueueInvitationEmail(tx, publicUrl, {
      to: row.email,
      locale: row.locale === "th" ? "th" : "en",
      inviterName: actor.name,
      workspaceName,
      role: row.role,
      token,
    });
    return { tokenHash, expiresAt: new Date(Date.now() + inboxLimits.invitationDays * dayMs) };
  }

  return {
    /** Members (the owner first, then by joining), invitations not accepted nor revoked, seats. */
    async get(workspaceId: string): Promise<TeamDto> {
      const inviter = sql<
        string | null
      >`(select name from users where id = ${workspaceInvitations.invitedBy})`;
      const [members, invitations, seats, limit] = await Promise.all([
        db
          .select(memberSelection)
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(eq(workspaceMembers.workspaceId, workspaceId))
          .orderBy(
            sql`case when ${workspaceMembers.role} = 'owner' then 0 else 1 end`,
            asc(workspaceMembers.createdAt),
          ),
        db
          .select({ row: workspaceInvitations, inviter })
          .from(workspaceInvitations)
          .where(
            and(
              eq(workspaceInvitations.workspaceId, workspaceId),
              isNull(workspaceInvitations.acceptedAt),
              isNull(workspaceInvitations.revokedAt),
            ),
          )
          .orderBy(asc(workspaceInvitations.createdAt)),
        countSeats(db, workspaceId),
        planSeats(db, workspaceId),
      ]);
      return {
        members: members.map(toMemberDto),
        invitations: invitations.map(({ row, inviter: name }) => toInvitationDto(row, name)),
        seats: { used: seats.members + seats.pending, limit },
      };
    },

    /**
     * Invites someone by email with a role (InviteSchema): the invitation and its email, in the
     * chosen language, commit together. Refuses: CONFLICT (`email`: "member" already in the team,
     * "invited" already waiting), PLAN_LIMIT_REACHED (`limit`: "pendingInvitations", "seats" —
     * members and waiting invitations together), RATE_LIMITED (too many emails to the address).
     * The workspace row is locked first, so concurrent invitations cannot pass the seats.
     */
    async invite(actor: TeamActor, input: unknown): Promise<InvitationDto> {
      const values = parseInput(InviteSchema, input);
      const locale = values.locale ?? actor.locale;
      const row = await db.transaction(async (tx) => {
        const workspace = await lockWorkspace(tx, actor.workspaceId);
        if (await isMemberEmail(tx, actor.workspaceId, values.email)) {
          throw new AppError("CONFLICT", { fields: { email: "member" } });
        }
        const [waiting] = await tx
          .select({ id: workspaceInvitations.id })
          .from(workspaceInvitations)
          .where(
            and(
              eq(workspaceInvitations.workspaceId, actor.workspaceId),
              eq(workspaceInvitations.email, values.email),
              isNull(workspaceInvitations.acceptedAt),
              isNull(workspaceInvitations.revokedAt),
              gt(workspaceInvitations.expiresAt, sql`now()`),
            ),
          );
        if (waiting) throw new AppError("CONFLICT", { fields: { email: "invited" } });
        const seats = await countSeats(tx, actor.workspaceId);
        if (seats.pending >= inboxLimits.pendingInvitations) {
          throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "pendingInvitations" } });
        }
        await requireSeat(tx, actor.workspaceId, seats.members + seats.pending);
        // An expired invitation to the same address is replaced by this one (one row each).
        await tx
          .update(workspaceInvitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(workspaceInvitations.workspaceId, actor.workspaceId),
              eq(workspaceInvitations.email, values.email),
              isNull(workspaceInvitations.acceptedAt),
              isNull(workspaceInvitations.revokedAt),
            ),
          );
        const sent = await sendInvitation(tx, actor, workspace.name, {
          email: values.email,
          role: values.role,
          locale,
        });
        const [inserted] = await tx
          .insert(workspaceInvitations)
          .values({
            workspaceId: actor.workspaceId,
            email: values.email,
            role: values.role,
            tokenHash: sent.tokenHash,
            invitedBy: actor.userId,
            locale,
            expiresAt: sent.expiresAt,
          })
          .returning();
        return inserted!;
      });
      onEmailQueued?.();
      logger.info("teammate invited", {
        workspaceId: actor.workspaceId,
        invitationId: row.id,
        role: row.role,
        by: actor.userId,
      });
      return toInvitationDto(row, actor.name);
    },

    /** Revokes an invitation (its link stops working). CONFLICT once it was accepted. */
    async revoke(actor: TeamActor, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await invitation(tx, actor.workspaceId, invitationId, true);
        if (row.acceptedAt) throw new AppError("CONFLICT", { fields: { invitation: "used" } });
        if (row.revokedAt) return;
        await tx
          .update(workspaceInvitations)
          .set({ revokedAt: new Date() })
          .where(eq(workspaceInvitations.id, row.id));
      });
      logger.info("invitation revoked", {
        workspaceId: actor.workspaceId,
        invitationId,
        by: actor.userId,
      });
    },

    /**
     * Sends an invitation again with a new link (the old one stops working) and a new expiry.
     * An expired invitation takes a seat again, so the seats are checked as for a new one.
     */
    async resend(actor: TeamActor, invitationId: string): Promise<InvitationDto> {
      const row = await db.transaction(async (tx) => {
        const workspace = await lockWorkspace(tx, actor.workspaceId);
        const current = await invitation(tx, actor.workspaceId, invitationId, true);
        if (current.acceptedAt) throw new AppError("CONFLICT", { fields: { invitation: "used" } });
        if (current.revokedAt) {
          throw new AppError("CONFLICT", { fields: { invitation: "revoked" } });
        }
        if (await isMemberEmail(tx, actor.workspaceId, current.email)) {
          throw new AppError("CONFLICT", { fields: { email: "member" } });
        }
        if (!isPending(current)) {
          const seats = await countSeats(tx, actor.workspaceId);
          if (seats.pending >= inboxLimits.pendingInvitations) {
            throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "pendingInvitations" } });
          }
          await requireSeat(tx, actor.workspaceId, seats.members + seats.pending);
        }
        const sent = await sendInvitation(tx, actor, workspace.name, current);
        const [updated] = await tx
          .update(workspaceInvitations)
          .set({ tokenHash: sent.tokenHash, expiresAt: sent.expiresAt, invitedBy: actor.userId })
          .where(eq(workspaceInvitations.id, current.id))
          .returning();
        return updated!;
      });
      onEmailQueued?.();
      logger.info("invitation sent again", {
        workspaceId: actor.workspaceId,
        invitationId,
        by: actor.userId,
      });
      return toInvitationDto(row, actor.name);
    },

    /** Makes a member an admin or an agent (ChangeRoleSchema). Nobody changes the owner's role. */
    async changeRole(actor: TeamActor, userId: string, input: unknown): Promise<MemberDto> {
      const { role } = parseInput(ChangeRoleSchema, input);
      const member = await db.transaction(async (tx) => {
        const current = await findMember(tx, actor.workspaceId, userId, true);
        if (current.role === "owner") {
          throw new AppError("CONFLICT", { fields: { role: "owner" } });
        }
        await tx
          .update(workspaceMembers)
          .set({ role })
          .where(
            and(
              eq(workspaceMembers.workspaceId, actor.workspaceId),
              eq(workspaceMembers.userId, userId),
            ),
          );
        return { ...current, role };
      });
      logger.info("teammate role changed", {
        workspaceId: actor.workspaceId,
        userId,
        role,
        by: actor.userId,
      });
      return toMemberDto(member);
    },

    /**
     * Removes a member (admins and the owner), or the actor themselves (leaving; any role). The
     * owner cannot be removed. Their conversations in the workspace lose their assignee; the
     * ones they were answering (open) wait for a person again (pending, from now).
     */
    async remove(actor: TeamActor, userId: string): Promise<{ left: boolean }> {
      const leaving = userId === actor.userId;
      if (!leaving && !hasRole(actor.role, "admin")) {
        throw new AppError("FORBIDDEN", { message: "this needs the admin role" });
      }
      const released = await db.transaction(async (tx) => {
        const member = await findMember(tx, actor.workspaceId, userId, true);
        if (member.role === "owner") {
          throw new AppError("CONFLICT", { fields: { member: "owner" } });
        }
        await tx
          .delete(workspaceMembers)
          .where(
            and(
              eq(workspaceMembers.workspaceId, actor.workspaceId),
              eq(workspaceMembers.userId, userId),
            ),
          );
        const changed = await tx
          .update(conversations)
          .set({
            assigneeId: null,
            status: sql`case when ${conversations.status} = 'open' then 'pending' else ${conversations.status} end`,
            waitingSince: sql`case when ${conversations.status} = 'open' then now() else ${conversations.waitingSince} end`,
            waitingAlertedAt: sql`case when ${conversations.status} = 'open' then null else ${conversations.waitingAlertedAt} end`,
          })
          .where(
            and(
              eq(conversations.workspaceId, actor.workspaceId),
              eq(conversations.assigneeId, userId),
            ),
          )
          .returning({ id: conversations.id });
        for (const conversation of changed) {
          await recordInboxEvent(tx, {
            workspaceId: actor.workspaceId,
            conversationId: conversation.id,
            kind: "conversation",
          });
        }
        return changed.length;
      });
      logger.info(leaving ? "teammate left" : "teammate removed", {
        workspaceId: actor.workspaceId,
        userId,
        by: actor.userId,
        conversationsReleased: released,
      });
      return { left: leaving };
    },
  };
}

export type Team = ReturnType<typeof createTeam>;
