import type {
  AcceptedInvitationDto,
  InvitationInfoDto,
  WorkspaceSettingsDto,
  WorkspaceSummaryDto,
} from "@jai/contracts/inbox";
import { type Db, eq, workspaces } from "@jai/db";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import { acceptInvitation, getInvitationInfo, getInvitedEmail } from "./accept-invitation";
import { createTeam, type Team } from "./team";
import { memberRole } from "./workspace-access";
import {
  getWorkspaceSettings,
  loadWorkspaceSettings,
  saveWorkspaceSettings,
  type WorkspaceSettings,
} from "./workspace-settings";

/** Teammates, invitations, the workspace switcher and the workspace's settings. */
export type WorkspaceServices = {
  team: Team;
  invitations: {
    /** The invitation page's public view of a link; null for an unknown token. */
    info(token: string): Promise<InvitationInfoDto | null>;
    /** The invited address (the page compares it with the signed-in user's); null: unknown. */
    invitedEmail(token: string): Promise<string | null>;
    /** See acceptInvitation. */
    accept(
      user: { userId: string; email: string; emailVerified: boolean },
      token: string,
    ): Promise<AcceptedInvitationDto>;
  };
  /** The workspace a user may switch to (a member of it); NOT_FOUND otherwise. */
  switchTo(userId: string, workspaceId: string): Promise<WorkspaceSummaryDto>;
  settings: {
    /** Name, business hours and alerts with the defaults filled (handoff, notifications). */
    load(workspaceId: string): Promise<WorkspaceSettings>;
    get(workspaceId: string): Promise<WorkspaceSettingsDto>;
    save(workspaceId: string, input: unknown): Promise<WorkspaceSettingsDto>;
  };
};

export function createWorkspaceServices(deps: {
  db: Db;
  logger: Logger;
  publicUrl: string;
  onEmailQueued?: () => void;
}): WorkspaceServices {
  const { db, logger } = deps;
  return {
    team: createTeam(deps),
    invitations: {
      info: (token) => getInvitationInfo(db, token),
      invitedEmail: (token) => getInvitedEmail(db, token),
      accept: (user, token) => acceptInvitation({ db, logger }, user, token),
    },
    async switchTo(userId, workspaceId) {
      const role = await memberRole(db, workspaceId, userId);
      if (!role) throw new AppError("NOT_FOUND");
      const [row] = await db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      return { id: workspaceId, name: row?.name ?? "", role };
    },
    settings: {
      load: (workspaceId) => loadWorkspaceSettings(db, workspaceId),
      get: (workspaceId) => getWorkspaceSettings(db, workspaceId),
      save: (workspaceId, input) => saveWorkspaceSettings(db, workspaceId, input),
    },
  };
}
