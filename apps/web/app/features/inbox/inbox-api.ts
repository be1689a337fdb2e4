import {
  type ApiRequestError,
  type ApiRequestOptions,
  type ApiResult,
  apiRequest,
} from "~/lib/api-request";
import type { InboxMessages } from "./messages";

/** One call to the inbox API (`/api/console/inbox<path>`); never throws (see `apiRequest`). */
export function inboxRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions,
): Promise<ApiResult<T>> {
  return apiRequest<T>(`/api/console/inbox${path}`, options);
}

/** The server's message (already in the page's language), or ours when it sent none. */
export function errorText(error: ApiRequestError, m: InboxMessages): string {
  if (error.code === "NETWORK") return m.common.networkError;
  return error.message || m.common.unknownError;
}

/**
 * The API names what is wrong with each field by a code ("missing", "tooLong"...): in words.
 * An unknown code reads as "not valid"; anything else (already a sentence) is kept.
 */
export function fieldIssuesText(
  fields: Record<string, string> | undefined,
  m: InboxMessages,
): Record<string, string> {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, issue]) => [
      name,
      m.fieldIssues[issue] ??
        (/^[a-zA-Z_]+$/.test(issue) ? (m.fieldIssues.invalid ?? issue) : issue),
    ]),
  );
}
