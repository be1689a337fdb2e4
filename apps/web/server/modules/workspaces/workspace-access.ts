import type { WorkspaceRole, WorkspaceSummaryDto } from "@jai/contracts/inbox";
import { and, bots, type Db, desc, eq, sql, workspaceMembers, workspaces } from "@jai/db";

/**
 * Workspaces (ADR 0015): an owner's account is a workspace whose id is the owner's user id, so
 * every `owner_id` column is a workspace id. A request acts in one workspace the signed-in
 * user is a member of, with that membership's role; every console query then filters by the
 * workspace id exactly as it filtered by the owner's id.
 */

/** The cookie that remembers which workspace a browser works in (set by the switcher). */
export const workspaceCookie = "jai_ws";

/** Higher roles can do everything lower ones can. */
const roleRank: Record<WorkspaceRole, number> = { agent: 0, admin: 1, owner: 2 };

export function hasRole(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return roleRank[role] >= roleRank[needed];
}

export type WorkspaceAccess = {
  /** The workspace the request acts in (its owner's user id). */
  workspaceId: string;
  workspaceName: string;
  role: WorkspaceRole;
  /** Every workspace the user belongs to (the switcher), their own first. */
  workspaces: WorkspaceSummaryDto[];
};

/**
 * Makes sure the user has their own workspace (created with the account; older accounts and
 * accounts made by accepting an invitation get it here). Idempotent.
 */
export async function ensureOwnWorkspace(db: Db, user: { id: string; name?: string }) {
  // Named after its owner (the team sees it in the switcher and in invitations).
  await db.execute(sql`
    insert into workspaces (id, name)
    select id, coalesce(nullif(btrim(${user.name ?? ""}), ''), nullif(btrim(name), ''), 'Workspace')
    from users where id = ${user.id}
    on conflict do nothing`);
  await db
    .insert(workspaceMembers)
    .values({ workspaceId: user.id, userId: user.id, role: "owner" })
    .onConflictDoNothing();
}

/**
 * The workspace a request acts in: the one the browser chose (cookie) when the user still
 * belongs to it; otherwise their own when it has bots, else the workspace they joined last
 * (someone invited as an agent lands in the team's inbox, not in their own empty workspace).
 */
export async function resolveWorkspace(
  db: Db,
  user: { id: string; name: string },
  chosen: string | null,
): Promise<WorkspaceAccess> {
  let rows = await listMemberships(db, user.id);
  if (!rows.some((row) => row.id === user.id)) {
    await ensureOwnWorkspace(db, user);
    rows = await listMemberships(db, user.id);
  }
  const own = rows.find((row) => row.id === user.id)!;
  const list: WorkspaceSummaryDto[] = [own, ...rows.filter((row) => row !== own)].map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
  }));
  let current = chosen ? list.find((row) => row.id === chosen) : undefined;
  if (!current) {
    const others = rows.filter((row) => row !== own);
    if (others.length === 0) current = list[0]!;
    else {
      const [ownBot] = await db
        .select({ one: sql`1` })
        .from(bots)
        .where(eq(bots.ownerId, user.id))
        .limit(1);
      current = ownBot ? list[0]! : list.find((row) => row.id === others[0]!.id)!;
    }
  }
  return {
    workspaceId: current.id,
    workspaceName: current.name,
    role: current.role,
    workspaces: list,
  };
}

/** The user's memberships, the most recently joined first. */
async function listMemberships(db: Db, userId: string) {
  return db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(desc(workspaceMembers.createdAt));
}

/** The role of a user in a workspace, or null when they are not a member. */
export async function memberRole(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceRole | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row?.role ?? null;
}

/** The `jai_ws` cookie of a request, when it looks like an id. */
export function chosenWorkspace(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)jai_ws=([A-Za-z0-9_-]{1,100})(?:;|$)/.exec(cookie);
  return match?.[1] ?? null;
}
