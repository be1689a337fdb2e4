import { workspaceCookie } from "./workspace-access";

/** A year: the browser keeps working in the chosen workspace until told otherwise. */
const maxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * The `Set-Cookie` value that makes a browser work in `workspaceId` (null: forget the choice).
 * HttpOnly (pages never read it; the server checks membership on every request), SameSite=Lax,
 * Secure on https.
 */
export function workspaceCookieHeader(workspaceId: string | null, isHttps: boolean): string {
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax"];
  if (isHttps) attributes.push("Secure");
  return workspaceId === null
    ? [`${workspaceCookie}=`, "Max-Age=0", ...attributes].join("; ")
    : [`${workspaceCookie}=${workspaceId}`, `Max-Age=${maxAgeSeconds}`, ...attributes].join("; ");
}
