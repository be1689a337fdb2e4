import { useCallback } from "react";
import { toast } from "~/components/ui/toaster";
import { useMessages } from "~/i18n/use-locale";
import type { ApiResult } from "~/lib/api-request";
import { useApiMutation } from "~/lib/use-api-mutation";
import { errorText } from "./improve-api";
import { improveMessages } from "./messages";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A change through the improvement API (`/api/console/improve<path>`): one at a time, the error
 * kept for the fields (`error`) and said in a toast in the page's words; the page's lists are
 * reloaded by the caller (the route's loader has nothing to reload).
 */
export function useImproveMutation() {
  const m = useMessages(improveMessages);
  const mutation = useApiMutation(m.common);
  const { run: runApi } = mutation;
  const run = useCallback(
    async <T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T> | null> => {
      const result = await runApi<T>(method, `/api/console/improve${path}`, body, {
        quiet: true,
        revalidate: false,
      });
      if (result && !result.ok) toast.error(errorText(result.error, m));
      return result;
    },
    [runApi, m],
  );
  return { run, isPending: mutation.isPending, error: mutation.error, setError: mutation.setError };
}
