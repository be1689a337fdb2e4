import type { VerifyEmailOutcome } from "@jai/contracts/accounts";
import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/create-auth";

export type VerifyEmailResult = VerifyEmailOutcome;

/**
 * Runs better-auth's verification of an email link for the landing page (GET /verify-email),
 * so the link works without JavaScript. The cookies better-auth sets (the session's cached
 * email after a change) are returned for the page to pass on.
 */
export async function verifyEmailToken(
  auth: Auth,
  token: string,
  request: Request,
): Promise<{ result: VerifyEmailResult; headers: Headers }> {
  const requestType = readRequestType(token);
  try {
    const { headers, response } = await auth.api.verifyEmail({
      query: { token },
      headers: request.headers,
      returnHeaders: true,
    });
    const body = response as { user?: { email?: string } | null } | null;
    const result: VerifyEmailResult =
      requestType === "change-email-confirmation"
        ? { kind: "changeConfirmed" }
        : requestType === "change-email-verification" && body?.user?.email
          ? { kind: "changed", email: body.user.email }
          : { kind: "verified" };
    return { result, headers: headers ?? new Headers() };
  } catch (error) {
    if (isAPIError(error)) return { result: { kind: "invalid" }, headers: new Headers() };
    throw error;
  }
}

/** The kind a verification token was issued for (read only after better-auth verified it). */
function readRequestType(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload?.requestType === "string" ? payload.requestType : undefined;
  } catch {
    return undefined;
  }
}
