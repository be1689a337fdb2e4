import { accountPageHeaders, accountPageMeta } from "~/features/accounts/account-meta";
import { ResetPasswordPage } from "~/features/accounts/reset-password-page";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) =>
  accountPageMeta("resetPassword", "/reset-password", args);
// The token is in the URL: keep the page out of caches, and its address out of Referer headers.
export const headers = () => ({ ...accountPageHeaders, "Referrer-Policy": "no-referrer" });

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
