import {
  type ApiRequestError,
  type ApiRequestOptions,
  type ApiResult,
  apiRequest,
} from "~/lib/api-request";

export type MarketplaceApiError = ApiRequestError;
export type MarketplaceApiResult<T> = ApiResult<T>;

/** One call to the marketplace API (`/api/marketplace<path>`); see `apiRequest`. */
export function marketplaceRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions & { method?: "GET" | "POST" },
): Promise<MarketplaceApiResult<T>> {
  return apiRequest<T>(`/api/marketplace${path}`, options);
}
