import { accountPageHeaders, accountPageMeta } from "~/features/accounts/account-meta";
import { ForgotPasswordPage } from "~/features/accounts/forgot-password-page";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  accountPageMeta("forgotPassword", "/forgot-password", args);
export const headers = () => accountPageHeaders;

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
