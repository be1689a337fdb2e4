import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { methodNotAllowed } from "../http/responses";
import { respondWithEventStream } from "../modules/realtime/respond-with-event-stream";
import { hasRole } from "../modules/workspaces/workspace-access";
import type { AppServices } from "../services/app-services";

/**
 * Inbox streams one user may hold open on one instance (tabs and windows). Browsers allow six
 * connections per site over HTTP/1.1, so more would starve the page itself anyway.
 */
export const inboxStreamsPerUser = 10;

/**
 * `GET /api/console/inbox/stream`: the inbox's real-time changes, as Server-Sent Events
 * (`event: inbox`, `id:` the event's id, data an InboxStreamEvent) for the workspace the request
 * acts in. Needs a signed-in member, agent or above (401 / 403). `Last-Event-ID` (or
 * `?lastEventId=`) resumes: missed events first (at most 500, else one `event: reset`), then live
 * ones. The stream ends when the member's session ends or their access goes, and when the
 * server stops (the browser reconnects elsewhere). More than 10 open per user: 429.
 *
 * Mounted before `/api/console`, whose routes (e.g. `/inbox/:id`) would otherwise take it.
 */
export function createInboxStreamApi(services: AppServices) {
  const api = new Hono<AppEnv>();

  api.get("/", async (c) => {
    const member = await services.accounts.requireMember(c, "agent");
    const request = c.req.raw;
    return respondWithEventStream(c, {
      hub: services.realtime,
      db: services.database.db,
      logger: services.logger,
      scope: { workspaceId: member.workspaceId },
      limit: { key: `inbox:${member.userId}`, max: inboxStreamsPerUser },
      // The same cookies, read again: signed out, removed from the workspace or demoted below
      // agent ends the stream.
      isStillAllowed: async () => {
        const now = await services.accounts.getMember(request);
        return now?.workspaceId === member.workspaceId && hasRole(now.role, "agent");
      },
    });
  });

  api.all("/", methodNotAllowed("GET, HEAD"));
  return api;
}
