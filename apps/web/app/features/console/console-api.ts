import type { Locale } from "~/i18n/locale";

export type ConsoleApiError = {
  code: string;
  /** Already in the page's language (the server reads Accept-Language). */
  message: string;
  fields?: Record<string, string>;
};

export type ConsoleApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: ConsoleApiError };

/**
 * One call to the console's JSON API (`/api/console<path>`), same origin, answered in `locale`.
 * A JSON body is sent as JSON, FormData as multipart. Never throws: a network failure is
 * `{ ok: false, status: 0, error: { code: "NETWORK" } }`.
 */
export async function consoleRequest<T = unknown>(
  path: string,
  {
    method = "GET",
    body,
    locale,
  }: {
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    body?: unknown;
    locale: Locale;
  },
): Promise<ConsoleApiResult<T>> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api/console${path}`, {
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
  const error = (payload as { error?: Partial<ConsoleApiError> } | null)?.error;
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
