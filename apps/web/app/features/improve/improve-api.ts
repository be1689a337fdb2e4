import type {
  CuratedAnswerDto,
  ImprovementQueueDto,
  SaveCuratedAnswerInput,
} from "@jai/contracts/analytics";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Locale } from "~/i18n/locale";
import {
  type ApiRequestError,
  type ApiRequestOptions,
  type ApiResult,
  apiRequest,
} from "~/lib/api-request";
import type { ImproveMessages } from "./messages";

/** One call to the improvement API (`/api/console/improve<path>`); never throws. */
export function improveRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions,
): Promise<ApiResult<T>> {
  return apiRequest<T>(`/api/console/improve${path}`, options);
}

/** The server's message (already in the page's language), or ours when it sent none. */
export function errorText(error: ApiRequestError, m: ImproveMessages): string {
  if (error.fields?.answers === "tooMany") return m.fieldIssues.answersTooMany!;
  if (error.code === "NETWORK") return m.common.networkError;
  return error.message || m.common.unknownError;
}

/** A field's problem, as the API names it ("missing", "tooLong" …), in words. */
export function fieldIssue(
  error: ApiRequestError | null,
  field: string,
  m: ImproveMessages,
): string | undefined {
  const issue = error?.fields?.[field];
  if (!issue) return undefined;
  return m.fieldIssues[issue] ?? m.fieldIssues.invalid;
}

/** What a save sends: the contract's input. */
export type SaveAnswerBody = SaveCuratedAnswerInput;

export type Remote<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: ApiRequestError };

/**
 * A bot's queue and curated answers. First the rollups are brought up to date (the analytics
 * API's refresh: questions asked a minute ago are in the queue), then both lists are read.
 * `reload()` reads them again (after a save, a dismissal …) without the refresh.
 */
export function useImproveData(botId: string | null, locale: Locale) {
  const [queue, setQueue] = useState<Remote<ImprovementQueueDto>>({ status: "loading" });
  const [answers, setAnswers] = useState<Remote<CuratedAnswerDto[]>>({ status: "loading" });
  const [round, setRound] = useState({ count: 0, refresh: true });
  const refreshedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!botId) return;
    let isCancelled = false;
    const refresh = round.refresh || refreshedFor.current !== botId;
    refreshedFor.current = botId;
    const load = async () => {
      if (refresh) {
        await apiRequest("/api/console/analytics/refresh", { method: "POST", locale });
      }
      const query = `?botId=${encodeURIComponent(botId)}`;
      const [queueResult, answersResult] = await Promise.all([
        improveRequest<ImprovementQueueDto>(`/queue${query}`, { locale }),
        improveRequest<CuratedAnswerDto[]>(`/answers${query}`, { locale }),
      ]);
      if (isCancelled) return;
      setQueue(
        queueResult.ok
          ? { status: "ready", data: queueResult.data }
          : { status: "error", error: queueResult.error },
      );
      setAnswers(
        answersResult.ok
          ? { status: "ready", data: answersResult.data }
          : { status: "error", error: answersResult.error },
      );
    };
    void load();
    return () => {
      isCancelled = true;
    };
  }, [botId, locale, round]);

  // A new bot: nothing of the previous one stays on screen.
  useEffect(() => {
    if (!botId) return;
    setQueue({ status: "loading" });
    setAnswers({ status: "loading" });
  }, [botId]);

  const reload = useCallback(
    (refresh = false) => setRound((previous) => ({ count: previous.count + 1, refresh })),
    [],
  );
  return { queue, answers, reload };
}
