import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requireSameOrigin } from "../http/require-same-origin";
import { workspaceCookieHeader } from "../modules/workspaces/workspace-cookie";
import type { AppServices } from "../services/app-services";

/** Team requests are small: an email and a role, or the settings page (a week of hours). */
const teamBodyLimit = 64 * 1024;

/**
 * Teammates and the workspace, mounted at `/api`:
 * - `/api/console/team/*` — members, invitations, roles (admins and the owner; a member may
 *   remove themselves, which is leaving);
 * - `/api/console/workspace` — the settings (admins), and `/switch` (any member);
 * - `/api/invitations/:token` — the invitation link's page (public) and accepting it (signed in).
 * Writes must come from our own pages (403) with JSON bodies (415) within the limit (413);
 * answers are never cached. Another workspace's ids answer 404 like unknown ones.
 */
export function createTeamApi(
  services: AppServices,
  { publicUrl, isHttps }: { publicUrl: string; isHttps: boolean },
) {
  const api = new Hono<AppEnv>();
  const { workspaces, accounts } = services;
  const sameOrigin = requireSameOrigin(publicUrl);
  const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  };
  const json = jsonBody(teamBodyLimit);
  const admin = (c: Context<AppEnv>) => accounts.requireMember(c, "admin");
  const team = workspaces.team;

  api.use("/console/team/*", noStore, sameOrigin);
  api.use("/console/workspace/*", noStore, sameOrigin);
  api.use("/invitations/*", noStore, sameOrigin);

  // ---- the team ----
  api.get("/console/team", async (c) => c.json(await team.get((await admin(c)).workspaceId)));
  api.post("/console/team/invitations", json, async (c) => {
    const actor = await admin(c);
    return c.json(await team.invite(actor, await readJsonBody(c)), 201);
  });
  api.delete("/console/team/invitations/:id", async (c) => {
    await team.revoke(await admin(c), c.req.param("id"));
    return c.body(null, 204);
  });
  api.post("/console/team/invitations/:id/resend", async (c) =>
    c.json(await team.resend(await admin(c), c.req.param("id"))),
  );
  api.patch("/console/team/members/:userId", json, async (c) => {
    const actor = await admin(c);
    return c.json(await team.changeRole(actor, c.req.param("userId"), await readJsonBody(c)));
  });
  // Any member may leave (remove themselves); removing someone else needs an admin (checked
  // by the module, which knows whose membership it is).
  api.delete("/console/team/members/:userId", async (c) => {
    const actor = await accounts.requireMember(c, "agent");
    const { left } = await team.remove(actor, c.req.param("userId"));
    if (left) c.header("Set-Cookie", workspaceCookieHeader(null, isHttps));
    return c.body(null, 204);
  });

  // ---- the workspace ----
  api.get("/console/workspace", async (c) =>
    c.json(await workspaces.settings.get((await admin(c)).workspaceId)),
  );
  api.put("/console/workspace", json, async (c) => {
    const actor = await admin(c);
    return c.json(await workspaces.settings.save(actor.workspaceId, await readJsonBody(c)));
  });
  api.post("/console/workspace/switch", json, async (c) => {
    const member = await accounts.requireMember(c, "agent");
    const body = (await readJsonBody(c)) as { workspaceId?: unknown } | null;
    const workspaceId = body?.workspaceId;
    if (typeof workspaceId !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(workspaceId)) {
      throw new AppError("VALIDATION_FAILED", { fields: { workspaceId: "invalid" } });
    }
    const workspace = await workspaces.switchTo(member.userId, workspaceId);
    c.header("Set-Cookie", workspaceCookieHeader(workspace.id, isHttps));
    return c.json(workspace);
  });

  // ---- an invitation link ----
  api.get("/invitations/:token", async (c) => {
    c.header("Referrer-Policy", "no-referrer");
    const info = await workspaces.invitations.info(c.req.param("token"));
    if (!info) throw new AppError("NOT_FOUND");
    return c.json(info);
  });
  api.post("/invitations/:token/accept", async (c) => {
    const user = await accounts.requireOwner(c);
    const accepted = await workspaces.invitations.accept(user, c.req.param("token"));
    c.header("Set-Cookie", workspaceCookieHeader(accepted.workspaceId, isHttps));
    return c.json(accepted);
  });

  return api;
}
