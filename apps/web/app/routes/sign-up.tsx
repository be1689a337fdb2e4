import { redirect } from "react-router";
import { accountPageHeaders, accountPageMeta } from "~/features/accounts/account-meta";
import { SignUpPage } from "~/features/accounts/sign-up-page";
import { getLocaleFromPath, localizePath } from "~/i18n/locale";
import type { Route } from "./+types/sign-up";

/** Someone already signed in has an account: to it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.services?.accounts.getSessionUser(request)) {
    throw redirect(localizePath("/account", getLocaleFromPath(new URL(request.url).pathname)));
  }
  return null;
}

export const meta: Route.MetaFunction = (args) => accountPageMeta("signUp", "/sign-up", args);
export const headers = () => accountPageHeaders;

export default function SignUpRoute() {
  return <SignUpPage />;
}
