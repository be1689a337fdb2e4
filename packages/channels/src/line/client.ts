import { channelAccessToken, HTTPFetchError, messagingApi } from "@line/bot-sdk";
import { parseRetryAfter } from "../http";

/** Where the LINE clients send: LINE itself, or a local fake in tests. */
export type LineEndpoints = {
  /** `https://api.line.me` */
  apiBaseUrl: string;
  /** `https://api-data.line.me` (message content) */
  dataBaseUrl: string;
  /** Per call, milliseconds. */
  timeoutMs?: number;
};

export const lineProductionEndpoints: LineEndpoints = {
  apiBaseUrl: "https://api.line.me",
  dataBaseUrl: "https://api-data.line.me",
};

/** How a call to LINE went. Failures say whether trying again may help, in secret-free words. */
export type LineResult<T> =
  | { ok: true; value: T; statusCode: number }
  | {
      ok: false;
      retryable: boolean;
      statusCode?: number;
      retryAfterSeconds?: number;
      /** What went wrong, for the log and the console (LINE's own message, no secrets). */
      error: string;
      /** What the caller acts on. */
      reason: "invalid_reply_token" | "auth" | "rate_limited" | "conflict" | "other";
    };

export type LineBotInfo = {
  userId: string;
  basicId: string;
  displayName: string;
  pictureUrl: string | null;
};
export type LineQuota = { type: "none" | "limited"; value: number | null; totalUsage: number };

/**
 * The LINE Messaging API through the official SDK (`@line/bot-sdk`), with its base URLs
 * configurable, a timeout on every call, and LINE's errors as results rather than throws.
 */
export function createLineClient(accessToken: string, endpoints: LineEndpoints) {
  const timeoutMs = endpoints.timeoutMs ?? 10_000;
  const api = new messagingApi.MessagingApiClient({
    channelAccessToken: accessToken,
    baseURL: endpoints.apiBaseUrl,
  });
  const blob = new messagingApi.MessagingApiBlobClient({
    channelAccessToken: accessToken,
    baseURL: endpoints.dataBaseUrl,
  });
  const oauth = new channelAccessToken.ChannelAccessTokenClient({ baseURL: endpoints.apiBaseUrl });

  const call = <T>(run: () => Promise<{ httpResponse: Response; body: T }>) =>
    lineCall(run, timeoutMs);

  return {
    reply(replyToken: string, messages: messagingApi.Message[]) {
      return call(() => api.replyMessageWithHttpInfo({ replyToken, messages }));
    },
    /** A push; LINE accepts the same `retryKey` once (a retried push answers 409). */
    push(to: string, messages: messagingApi.Message[], retryKey: string) {
      return call(() => api.pushMessageWithHttpInfo({ to, messages }, retryKey));
    },
    /** The "…" animation in a one-to-one chat, for 5–60 s (multiples of 5). */
    showLoading(userId: string, seconds: number) {
      const loadingSeconds = Math.min(60, Math.max(5, Math.ceil(seconds / 5) * 5));
      return call(() => api.showLoadingAnimationWithHttpInfo({ chatId: userId, loadingSeconds }));
    },
    profile(userId: string) {
      return call(() => api.getProfileWithHttpInfo(userId));
    },
    async botInfo(): Promise<LineResult<LineBotInfo>> {
      const result = await call(() => api.getBotInfoWithHttpInfo());
      if (!result.ok) return result;
      const { userId, basicId, displayName, pictureUrl } = result.value;
      return { ...result, value: { userId, basicId, displayName, pictureUrl: pictureUrl ?? null } };
    },
    /** Which channel a token belongs to (`client_id` is the channel ID). */
    verifyToken() {
      return call(() => oauth.verifyChannelTokenWithHttpInfo(accessToken));
    },
    async quota(): Promise<LineResult<LineQuota>> {
      const limit = await call(() => api.getMessageQuotaWithHttpInfo());
      if (!limit.ok) return limit;
      const used = await call(() => api.getMessageQuotaConsumptionWithHttpInfo());
      if (!used.ok) return used;
      return {
        ok: true,
        statusCode: 200,
        value: {
          type: limit.value.type === "limited" ? "limited" : "none",
          value: limit.value.type === "limited" ? (limit.value.value ?? null) : null,
          totalUsage: used.value.totalUsage ?? 0,
        },
      };
    },
    /**
     * A message's content (image, video, audio, file), at most `maxBytes`: larger content is
     * not read (`tooLarge`), so a 300 MB video cannot fill the memory.
     */
    async content(messageId: string, maxBytes: number): Promise<LineResult<LineContentResult>> {
      const result = await call(
        async (): Promise<{ httpResponse: Response; body: LineContentResult }> => {
          const { httpResponse, body } = await blob.getMessageContentWithHttpInfo(messageId);
          const declared = Number(httpResponse.headers.get("content-length") ?? Number.NaN);
          const mimeType = httpResponse.headers.get("content-type") ?? "application/octet-stream";
          if (declared > maxBytes) {
            body.destroy();
            return { httpResponse, body: { tooLarge: true as const } };
          }
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of body) {
            size += (chunk as Buffer).byteLength;
            if (size > maxBytes) {
              body.destroy();
              return { httpResponse, body: { tooLarge: true as const } };
            }
            chunks.push(chunk as Buffer);
          }
          return { httpResponse, body: { bytes: new Uint8Array(Buffer.concat(chunks)), mimeType } };
        },
      );
      return result;
    },
  };
}

export type LineContentResult = { bytes: Uint8Array; mimeType: string } | { tooLarge: true };

export type LineClient = ReturnType<typeof createLineClient>;

async function lineCall<T>(
  run: () => Promise<{ httpResponse: Response; body: T }>,
  timeoutMs: number,
): Promise<LineResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LineTimeout()), timeoutMs);
    });
    const { httpResponse, body } = await Promise.race([run(), timeout]);
    return { ok: true, value: body, statusCode: httpResponse.status };
  } catch (error) {
    return lineFailure(error);
  } finally {
    clearTimeout(timer);
  }
}

class LineTimeout extends Error {}

/** A thrown SDK error as a result: LINE's status, its `Retry-After`, its message. */
export function lineFailure(error: unknown): Extract<LineResult<never>, { ok: false }> {
  if (error instanceof LineTimeout) {
    return { ok: false, retryable: true, error: "LINE did not answer in time", reason: "other" };
  }
  if (error instanceof HTTPFetchError) {
    const status = error.status;
    const message = lineErrorMessage(error.body) ?? error.statusText ?? "";
    const error_ = `LINE answered ${status}${message ? `: ${message}` : ""}`.slice(0, 300);
    const retryAfterSeconds = parseRetryAfter(error.headers.get("retry-after"));
    const base = {
      ok: false as const,
      statusCode: status,
      error: error_,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
    if (status === 429) return { ...base, retryable: true, reason: "rate_limited" };
    if (status >= 500 || status === 408) return { ...base, retryable: true, reason: "other" };
    if (status === 409) return { ...base, retryable: false, reason: "conflict" };
    if (status === 401) return { ...base, retryable: false, reason: "auth" };
    if (status === 400 && /reply token/i.test(message)) {
      return { ...base, retryable: false, reason: "invalid_reply_token" };
    }
    return { ...base, retryable: false, reason: "other" };
  }
  // A network failure (refused, reset, DNS): LINE may be back soon.
  const text = error instanceof Error ? error.message : String(error);
  return {
    ok: false,
    retryable: true,
    error: `LINE unreachable: ${text}`.slice(0, 300),
    reason: "other",
  };
}

function lineErrorMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
