import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toaster";
import { useLocale } from "~/i18n/use-locale";
import { type ApiRequestError, type ApiResult, apiRequest } from "./api-request";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A change through our JSON API from a page: one at a time (`isPending` disables the buttons),
 * the page's data reloaded after success, the server's error kept (`error`, its `fields` as the
 * API's codes for the page to word) and shown in a toast unless `quiet`. `texts` word the two
 * failures the server cannot: no connection, and an answer that is not ours.
 */
export function useApiMutation(texts: { networkError: string; unknownError: string }) {
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const inFlight = useRef(false);
  const { networkError, unknownError } = texts;

  const run = useCallback(
    async <T>(
      method: Method,
      url: string,
      body?: unknown,
      { quiet = false, revalidate = true }: { quiet?: boolean; revalidate?: boolean } = {},
    ): Promise<ApiResult<T> | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setIsPending(true);
      setError(null);
      try {
        const result = await apiRequest<T>(url, { method, body, locale });
        if (result.ok) {
          if (revalidate) await revalidator.revalidate();
          return result;
        }
        const message =
          result.error.code === "NETWORK" ? networkError : result.error.message || unknownError;
        const shown = { ...result.error, message };
        setError(shown);
        if (!quiet) toast.error(message);
        return { ...result, error: shown };
      } finally {
        inFlight.current = false;
        setIsPending(false);
      }
    },
    [locale, revalidator, networkError, unknownError],
  );

  return { run, isPending, error, setError };
}
