import { data } from "react-router";
import { BillingPage, type BillingPageData } from "~/features/billing/billing-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-billing";

/**
 * The plan, payments, invoices and billing details (owners and admins). Agents may open it and
 * are told whom to ask; the page asks the billing API for everything itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await requireConsole(context, request, "agent");
  return data<BillingPageData>({ canManage: owner.role !== "agent" }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("billing", args);
export const headers = () => consoleHeaders;

export default function ConsoleBillingRoute({ loaderData }: Route.ComponentProps) {
  return <BillingPage data={loaderData} />;
}
