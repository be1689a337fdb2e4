import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { type ConsoleApiError, type ConsoleApiResult, consoleRequest } from "./console-api";
import { localizeFieldIssues } from "./localize-field-issues";
import { consoleMessages } from "./messages";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A change through the console API: one at a time (`isPending` disables the buttons), the
 * page's data reloaded after success, the server's localized error kept (`error`, with field
 * errors next to their fields) and shown in a toast unless `quiet`.
 */
export function useConsoleMutation() {
  const locale = useLocale();
  const m = useMessages(consoleMessages);
  const revalidator = useRevalidator();
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<ConsoleApiError | null>(null);
  const inFlight = useRef(false);

  const run = useCallback(
    async <T>(
      method: Method,
      path: string,
      body?: unknown,
      { quiet = false, revalidate = true }: { quiet?: boolean; revalidate?: boolean } = {},
    ): Promise<ConsoleApiResult<T> | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setIsPending(true);
      setError(null);
      try {
        const result = await consoleRequest<T>(path, { method, body, locale });
        if (result.ok) {
          if (revalidate) await revalidator.revalidate();
          return result;
        }
        const message =
          result.error.code === "NETWORK"
            ? m.common.networkError
            : result.error.message || m.common.unknownError;
        const shown = {
          ...result.error,
          message,
          fields: localizeFieldIssues(result.error.fields, m),
        };
        setError(shown);
        if (!quiet) toast.error(message);
        return { ...result, error: shown };
      } finally {
        inFlight.current = false;
        setIsPending(false);
      }
    },
    [locale, m, revalidator],
  );

  const fieldError = (name: string): string | undefined => error?.fields?.[name];
  return { run, isPending, error, setError, fieldError };
}
