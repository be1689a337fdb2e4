import { data } from "react-router";
import { accountPageHeaders, accountPageMeta } from "~/features/accounts/account-meta";
import type { VerifyEmailOutcome } from "~/features/accounts/account-page-data";
import { VerifyEmailPage } from "~/features/accounts/verify-email-page";
import type { Route } from "./+types/verify-email";

/**
 * The link of a verification or change-of-email email: verified here, on the server, so it works
 * without JavaScript. better-auth's cookies (the session's new email) are passed on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const accounts = context.services?.accounts;
  const token = new URL(request.url).searchParams.get("token");
  if (!accounts) throw new Response("Service unavailable", { status: 503 });
  let outcome: VerifyEmailOutcome | null = null;
  // The token is in the URL: nothing cached, and no Referer carrying it elsewhere.
  const headers = new Headers({ ...accountPageHeaders, "Referrer-Policy": "no-referrer" });
  if (token) {
    const verified = await accounts.verifyEmail(token, request);
    outcome = verified.result;
    for (const cookie of verified.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  const isSignedIn = (await accounts.getSessionUser(request)) !== null;
  return data({ outcome, isSignedIn }, { headers });
}

export const meta: Route.MetaFunction = (args) =>
  accountPageMeta("verifyEmail", "/verify-email", args);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function VerifyEmailRoute({ loaderData }: Route.ComponentProps) {
  return <VerifyEmailPage outcome={loaderData.outcome} isSignedIn={loaderData.isSignedIn} />;
}
