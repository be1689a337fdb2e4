import type { Locale } from "~/i18n/locale";

export type MarketplaceApiError = {
  code: string;
  /** Already in the page's language (the server reads Accept-Language). */
  message: string;
  fields?: Record<string, string>;
};

export type MarketplaceApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: MarketplaceApiError };

/**
 * One call to the marketplace API (`/api/marketplace<path>`), same origin, answered in `locale`.
 * Never throws: a network failure is `{ ok: false, status: 0, error: { code: "NETWORK" } }`.
 */
export async function marketplaceRequest<T = unknown>(
  path: string,
  { method = "GET", body, locale }: { method?: "GET" | "POST"; body?: unknown; locale: Locale },
): Promise<MarketplaceApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/marketplace${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "Accept-Language": locale,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: { code: "NETWORK", message: "" } };
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // an empty or non-JSON answer
  }
  if (response.ok) return { ok: true, data: payload as T };
  const error = (payload as { error?: Partial<MarketplaceApiError> } | null)?.error;
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
