import { useCallback, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { type ApiResult, apiRequest } from "~/lib/api-request";
import { errorText, fieldIssuesText } from "./inbox-api";
import { inboxMessages } from "./messages";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A change through the console API (`/api/console<path>`): one at a time (`isPending`), the
 * server's error in words kept (`error`, `fieldError(name)`) and shown in a toast unless `quiet`.
 * The inbox reloads what it shows itself, so nothing is revalidated here.
 */
export function useInboxMutation() {
  const locale = useLocale();
  const m = useMessages(inboxMessages);
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(
    null,
  );
  const inFlight = useRef(false);

  const run = useCallback(
    async <T>(
      method: Method,
      path: string,
      body?: unknown,
      { quiet = false }: { quiet?: boolean } = {},
    ): Promise<ApiResult<T> | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setIsPending(true);
      setError(null);
      try {
        const result = await apiRequest<T>(`/api/console${path}`, { method, body, locale });
        if (result.ok) return result;
        const message = errorText(result.error, m);
        setError({ message, fields: fieldIssuesText(result.error.fields, m) });
        if (!quiet) toast.error(message);
        return { ...result, error: { ...result.error, message } };
      } finally {
        inFlight.current = false;
        setIsPending(false);
      }
    },
    [locale, m],
  );

  const fieldError = (name: string): string | undefined => error?.fields[name];
  return { run, isPending, error, setError, fieldError };
}
