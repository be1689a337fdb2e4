import { AppError } from "@jai/contracts/app-error";
import type { WorkspaceRole } from "@jai/contracts/inbox";
import type { AppLoadContext } from "react-router";
import type { Member } from "../../../server/services/accounts/create-accounts";
import type { ConsoleServices } from "../../../server/services/console/console-services";

/**
 * The signed-in member and the console services, for a console page's loader. `owner` is the
 * member in the workspace the request acts in: pass `owner.workspaceId` to the services (it is
 * the `owner_id` they filter by). Anyone not signed in is redirected to sign in (and back here
 * after); a role below `role` ("admin" unless given) gets the 403 page; without services
 * (prerendering) it is 503.
 */
export async function requireConsole(
  context: AppLoadContext,
  request: Request,
  role: WorkspaceRole = "admin",
): Promise<{ owner: Member; console: ConsoleServices }> {
  const services = context.services;
  if (!services?.console) throw new Response("Service unavailable", { status: 503 });
  const owner = await services.accounts.requireMember(request, role);
  return { owner, console: services.console };
}

/**
 * Runs a loader's service calls, turning "not this owner's" (AppError NOT_FOUND) into the 404
 * page, so an unknown id and another owner's id look the same.
 */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      throw new Response("Not found", { status: 404 });
    }
    throw error;
  }
}
