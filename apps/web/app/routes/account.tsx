import { data } from "react-router";
import { accountPageHeaders, accountPageMeta } from "~/features/accounts/account-meta";
import { AccountPage } from "~/features/accounts/account-page";
import type { AccountPageData } from "~/features/accounts/account-page-data";
import type { Route } from "./+types/account";

/** Signed-in owners only: anyone else is sent to sign in, and comes back here after. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const accounts = context.services?.accounts;
  if (!accounts) throw new Response("Service unavailable", { status: 503 });
  const owner = await accounts.requireOwner(request);
  const sessions = await accounts.listSessions(request);
  return data<AccountPageData>(
    {
      owner: {
        name: owner.name,
        email: owner.email,
        emailVerified: owner.emailVerified,
        twoFactorEnabled: owner.twoFactorEnabled,
      },
      sessions: sessions.map(({ id, userAgent, createdAt, updatedAt, isCurrent }) => ({
        id,
        userAgent,
        createdAt,
        updatedAt,
        isCurrent,
      })),
    },
    { headers: accountPageHeaders },
  );
}

export const meta: Route.MetaFunction = (args) => accountPageMeta("account", "/account", args);
export const headers = () => accountPageHeaders;

export default function AccountRoute({ loaderData }: Route.ComponentProps) {
  return <AccountPage data={loaderData} />;
}
