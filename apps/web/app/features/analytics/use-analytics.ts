import type { AnalyticsOverviewDto, AttentionItemDto, ForecastDto } from "@jai/contracts/analytics";
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "~/i18n/locale";
import { type ApiRequestError, apiRequest } from "~/lib/api-request";

/** One figure set the page asks the API for, and where it stands. */
export type Remote<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: ApiRequestError }
  /** Not asked for: the plan does not include it, or the filters are not complete. */
  | { status: "skipped" };

/**
 * GET `url` (`/api/console/analytics/...`) whenever it changes, in the page's language; null:
 * nothing to ask. An answer to an earlier URL is dropped. `retry()` asks again.
 */
export function useRemote<T>(url: string | null, locale: Locale): Remote<T> & { retry(): void } {
  const [state, setState] = useState<{ url: string | null; remote: Remote<T> }>({
    url,
    remote: url ? { status: "loading" } : { status: "skipped" },
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // `attempt` is read so that retry() asks again for the same URL.
    void attempt;
    if (!url) {
      setState({ url, remote: { status: "skipped" } });
      return;
    }
    let isCancelled = false;
    setState((previous) =>
      previous.url === url && previous.remote.status === "ready"
        ? previous
        : { url, remote: { status: "loading" } },
    );
    void apiRequest<T>(url, { locale }).then((result) => {
      if (isCancelled) return;
      setState({
        url,
        remote: result.ok
          ? { status: "ready", data: result.data }
          : { status: "error", error: result.error },
      });
    });
    return () => {
      isCancelled = true;
    };
  }, [url, locale, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // Until the effect has run for a new URL, the old figures are not shown as the new ones.
  const remote: Remote<T> =
    state.url === url ? state.remote : url ? { status: "loading" } : { status: "skipped" };
  return { ...remote, retry };
}

export type AnalyticsData = {
  overview: Remote<AnalyticsOverviewDto> & { retry(): void };
  forecast: Remote<ForecastDto> & { retry(): void };
  attention: Remote<AttentionItemDto[]> & { retry(): void };
  /** Brings the rollups up to date now (not within the minute), then asks for everything again. */
  refresh(): Promise<void>;
  isRefreshing: boolean;
};

/**
 * The dashboard's three answers for one query. The forecast is asked for only on "deep" plans;
 * "needs attention" always (every plan hears of conversations waiting for staff; the server
 * adds the deep items when the plan has them).
 */
export function useAnalytics({
  query,
  botId,
  isDeep,
  locale,
}: {
  /** The overview's query string; null while the filters are incomplete. */
  query: string | null;
  botId: string | null;
  isDeep: boolean;
  locale: Locale;
}): AnalyticsData {
  const base = "/api/console/analytics";
  const overview = useRemote<AnalyticsOverviewDto>(
    query ? `${base}/overview?${query}` : null,
    locale,
  );
  const forecast = useRemote<ForecastDto>(
    isDeep ? `${base}/forecast${botId ? `?botId=${encodeURIComponent(botId)}` : ""}` : null,
    locale,
  );
  const attention = useRemote<AttentionItemDto[]>(`${base}/attention`, locale);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const { retry: retryOverview } = overview;
  const { retry: retryForecast } = forecast;
  const { retry: retryAttention } = attention;
  const refresh = useCallback(async () => {
    setIsRefreshing(true);
    await apiRequest(`${base}/refresh`, { method: "POST", locale });
    retryOverview();
    retryForecast();
    retryAttention();
    setIsRefreshing(false);
  }, [locale, retryOverview, retryForecast, retryAttention]);
  return { overview, forecast, attention, refresh, isRefreshing };
}
