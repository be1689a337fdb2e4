import {
  type ApiRequestError,
  type ApiRequestOptions,
  type ApiResult,
  apiRequest,
} from "~/lib/api-request";

export type ConsoleApiError = ApiRequestError;
export type ConsoleApiResult<T> = ApiResult<T>;

/** One call to the console's JSON API (`/api/console<path>`); see `apiRequest`. */
export function consoleRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions,
): Promise<ConsoleApiResult<T>> {
  return apiRequest<T>(`/api/console${path}`, options);
}
