import { data } from "react-router";
import { type PlanBanner, planBanners } from "~/features/billing/plan-banner-list";
import { PlanBanners } from "~/features/billing/plan-banners";
import { ConsoleLayout, type ConsoleLayoutData } from "~/features/console/console-layout";
import { consoleHeaders } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-layout";

/** The console's frame; every page below it checks the owner again in its own loader. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Agents too: the layout shows them only the pages they may open (each page checks again).
  const { owner, console } = await requireConsole(context, request, "agent");
  // The plan's banners (trial, payment, read-only, users per month) on every console page.
  const plan = await console.plan.get(owner.workspaceId);
  return data<ConsoleLayoutData & { banners: PlanBanner[] }>(
    {
      owner: { name: owner.name, email: owner.email },
      workspace: { id: owner.workspaceId, name: owner.workspaceName, role: owner.role },
      workspaces: owner.workspaces,
      // Marketplace admins (ADMIN_EMAILS, verified) see the review page in the nav.
      isAdmin: context.services?.marketplace.isAdmin(owner) ?? false,
      banners: planBanners(plan, new Date()),
    },
    { headers: consoleHeaders },
  );
}

export const headers = () => consoleHeaders;

export default function ConsoleLayoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleLayout
      data={loaderData}
      banners={
        <PlanBanners
          banners={loaderData.banners}
          canManage={loaderData.workspace.role !== "agent"}
        />
      }
    />
  );
}
