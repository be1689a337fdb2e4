import { redirect } from "react-router";
import { accountPageHeaders, accountPageMeta } from "~/features/accounts/account-meta";
import { safeNextPath } from "~/features/accounts/safe-next";
import { SignInPage } from "~/features/accounts/sign-in-page";
import { getLocaleFromPath, localizePath } from "~/i18n/locale";
import type { Route } from "./+types/sign-in";

/** Someone already signed in goes straight on (to `?next=` or their account). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await context.services?.accounts.getSessionUser(request)) {
    const locale = getLocaleFromPath(url.pathname);
    throw redirect(safeNextPath(url.searchParams.get("next")) ?? localizePath("/account", locale));
  }
  return null;
}

export const meta: Route.MetaFunction = (args) => accountPageMeta("signIn", "/sign-in", args);
export const headers = () => accountPageHeaders;

export default function SignInRoute() {
  return <SignInPage />;
}
