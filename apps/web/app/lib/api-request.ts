import type { Locale } from "~/i18n/locale";

export type ApiRequestError = {
  code: string;
  /** Already in the page's language (the server reads Accept-Language). */
  message: string;
  fields?: Record<string, string>;
};

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: ApiRequestError };

export type ApiRequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  locale: Locale;
};

/**
 * One call to our own JSON API, same origin, answered in `locale`. Never throws: a network
 * failure is `{ ok: false, status: 0, error: { code: "NETWORK" } }`, an answer that is not our
 * error shape is code "UNKNOWN" (callers show their generic message).
 */
export async function apiRequest<T = unknown>(
  url: string,
  { method = "GET", body, locale }: ApiRequestOptions,
): Promise<ApiResult<T>> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "Accept-Language": locale,
        ...(body !== undefined && !isForm ? { "Content-Type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: { code: "NETWORK", message: "" } };
  }
  let payload: unknown = null;
  try {
    payload = response.status === 204 ? null : await response.json();
  } catch {
    // an empty or non-JSON answer
  }
  if (response.ok) return { ok: true, data: payload as T };
  const error = (payload as { error?: Partial<ApiRequestError> } | null)?.error;
  return {
    ok: false,
    status: response.status,
    error: {
      code: typeof error?.code === "string" ? error.code : "UNKNOWN",
      message: typeof error?.message === "string" ? error.message : "",
      fields: error?.fields && typeof error.fields === "object" ? error.fields : undefined,
    },
  };
}
