import { parseRetryAfter } from "../http";
import type {
  TiktokBusinessInfo,
  TiktokClient,
  TiktokDownload,
  TiktokEndpoints,
  TiktokFailure,
  TiktokFailureReason,
  TiktokImage,
  TiktokMediaRef,
  TiktokResult,
} from "./types";

const apiPath = "/open_api/v1.3";
const defaultTimeoutMs = 10_000;
/** Most of a JSON answer read: TikTok's are a few hundred bytes. */
const maxJsonBytes = 256 * 1024;
const maxErrorChars = 300;

/**
 * TikTok's envelope codes, as the Business API's "return codes" page and the clients that quote it
 * use them (Chatwoot, ChatbotX, Airbyte's TikTok source tests). TikTok documents no code for
 * the 48-hour window: a refusal is taken for one by its words (see `windowWords`).
 */
const authCodes = new Set([40102, 40104, 40105]);
const rateLimitCodes = new Set([40100, 51021]);
const permissionCodes = new Set([40001]);
/** TikTok's own "system error" family: the same request may go through later. */
const serverCodes = new Set([50000, 50001, 50002, 51000]);
const windowWords = /48[- ]?hour|messaging window|reply window|window (has )?(expired|closed)/i;
const permissionWords = /permission|not (been |yet )?approved|scope/i;

/** A refusal in TikTok's envelope (HTTP 200, `code` ≠ 0) as a result. */
export function tiktokFailure(
  code: number,
  message: string,
  extra: { statusCode?: number; requestId?: string } = {},
): TiktokFailure {
  const words = message.replace(/\s+/g, " ").trim().slice(0, 200);
  let reason: TiktokFailureReason = "other";
  let retryable = false;
  if (rateLimitCodes.has(code)) {
    reason = "rate_limited";
    retryable = true;
  } else if (authCodes.has(code)) reason = "auth";
  else if (windowWords.test(words)) reason = "window";
  else if (permissionCodes.has(code) || permissionWords.test(words)) reason = "not_approved";
  else if (serverCodes.has(code)) retryable = true;
  const request = extra.requestId ? ` (request ${extra.requestId.slice(0, 64)})` : "";
  return {
    ok: false,
    retryable,
    reason,
    code,
    tiktokMessage: words,
    error: `TikTok answered ${code}: ${words || "no message"}${request}`.slice(0, maxErrorChars),
    ...(extra.statusCode === undefined ? {} : { statusCode: extra.statusCode }),
  };
}

/** An HTTP failure (TikTok's gateway, not its envelope) as a result. */
export function tiktokHttpFailure(
  status: number,
  retryAfter: string | null,
  body: string,
): TiktokFailure {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  const words = body.replace(/\s+/g, " ").trim().slice(0, 200);
  const base = {
    ok: false as const,
    statusCode: status,
    error: `TikTok answered HTTP ${status}${words ? `: ${words}` : ""}`.slice(0, maxErrorChars),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
  if (status === 429) return { ...base, retryable: true, reason: "rate_limited" };
  if (status >= 500 || status === 408) return { ...base, retryable: true, reason: "other" };
  if (status === 401) return { ...base, retryable: false, reason: "auth" };
  return { ...base, retryable: false, reason: "other" };
}

type Envelope = { code?: unknown; message?: unknown; request_id?: unknown; data?: unknown };

/**
 * The Business API for one access token: `fetch`, the `Access-Token` header, a timeout on every
 * call, TikTok's refusals as results. The token never goes into a URL or an error text (TikTok's
 * own message is scrubbed of it, in case it quotes it).
 */
export function createTiktokClient(accessToken: string, endpoints: TiktokEndpoints): TiktokClient {
  const timeoutMs = endpoints.timeoutMs ?? defaultTimeoutMs;
  const base = endpoints.baseUrl.replace(/\/+$/, "");
  const scrub = (text: string) => (accessToken ? text.split(accessToken).join("[token]") : text);

  async function call<T>(
    path: string,
    init: {
      method: "GET" | "POST";
      query?: Record<string, string>;
      json?: unknown;
      form?: FormData;
    },
    read: (data: Record<string, unknown>) => T | undefined,
  ): Promise<TiktokResult<T>> {
    const url = new URL(`${base}${apiPath}${path}`);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: {
          "Access-Token": accessToken,
          Accept: "application/json",
          ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
    } catch (error) {
      return unreachable(error);
    }
    const text = await readText(response, maxJsonBytes).catch(() => null);
    if (response.status < 200 || response.status >= 300) {
      return scrubbed(
        tiktokHttpFailure(response.status, response.headers.get("retry-after"), text ?? ""),
      );
    }
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text ?? "") as Envelope;
    } catch {
      // A 200 that is not TikTok's JSON (a proxy's page, a cut answer): may pass next time.
      return {
        ok: false,
        retryable: true,
        reason: "other",
        statusCode: response.status,
        error: "TikTok answered with something that is not its JSON",
      };
    }
    const code = typeof envelope.code === "number" ? envelope.code : Number.NaN;
    const requestId = typeof envelope.request_id === "string" ? envelope.request_id : undefined;
    if (code !== 0) {
      const message = typeof envelope.message === "string" ? envelope.message : "";
      if (Number.isNaN(code)) {
        return {
          ok: false,
          retryable: true,
          reason: "other",
          statusCode: response.status,
          error: "TikTok answered without a result code",
        };
      }
      return scrubbed(tiktokFailure(code, message, { statusCode: response.status, requestId }));
    }
    const data =
      typeof envelope.data === "object" && envelope.data !== null
        ? (envelope.data as Record<string, unknown>)
        : {};
    const value = read(data);
    if (value === undefined) {
      return {
        ok: false,
        retryable: false,
        reason: "other",
        statusCode: response.status,
        error: `TikTok's answer to ${path} lacks what Jai needs`,
      };
    }
    return { ok: true, value, statusCode: response.status };
  }

  function scrubbed(failure: TiktokFailure): TiktokFailure {
    return {
      ...failure,
      error: scrub(failure.error),
      ...(failure.tiktokMessage === undefined
        ? {}
        : { tiktokMessage: scrub(failure.tiktokMessage) }),
    };
  }

  function send(businessId: string, conversationId: string, message: Record<string, unknown>) {
    return call(
      "/business/message/send/",
      {
        method: "POST",
        json: {
          business_id: businessId,
          recipient_type: "CONVERSATION",
          recipient: conversationId,
          ...message,
        },
      },
      (data) => {
        // Nested under data.message (Chatwoot, ChatbotX); a flat id is taken too.
        const nested = data.message as { message_id?: unknown } | undefined;
        const id = nested?.message_id ?? data.message_id;
        return { messageId: typeof id === "string" ? id : null };
      },
    );
  }

  return {
    businessInfo(businessId) {
      return call<TiktokBusinessInfo>(
        "/business/get/",
        {
          method: "GET",
          query: {
            business_id: businessId,
            fields: JSON.stringify(["username", "display_name", "profile_image"]),
          },
        },
        (data) => {
          const name = stringOf(data.display_name) ?? stringOf(data.username);
          if (!name) return undefined;
          return {
            displayName: name.slice(0, 200),
            username: stringOf(data.username)?.slice(0, 200) ?? null,
            pictureUrl: httpsUrl(data.profile_image),
          };
        },
      );
    },

    sendText(businessId, conversationId, text) {
      return send(businessId, conversationId, { message_type: "TEXT", text: { body: text } });
    },

    sendImage(businessId, conversationId, mediaId) {
      return send(businessId, conversationId, {
        message_type: "IMAGE",
        image: { media_id: mediaId },
      });
    },

    uploadImage(businessId, image: TiktokImage) {
      const form = new FormData();
      form.append("business_id", businessId);
      form.append("media_type", "IMAGE");
      const extension = image.mimeType.split("/")[1]?.replace("jpeg", "jpg") ?? "bin";
      form.append(
        "file",
        // A copy: a Blob takes only bytes on a plain ArrayBuffer.
        new Blob([new Uint8Array(image.bytes)], { type: image.mimeType }),
        image.fileName ?? `image.${extension}`,
      );
      return call("/business/message/media/upload/", { method: "POST", form }, (data) => {
        const mediaId = stringOf(data.media_id);
        return mediaId ? { mediaId } : undefined;
      });
    },

    async downloadMedia(businessId, media: TiktokMediaRef, maxBytes) {
      const located = await call(
        "/business/message/media/download/",
        {
          method: "POST",
          json: {
            business_id: businessId,
            conversation_id: media.conversationId,
            message_id: media.messageId,
            media_id: media.mediaId,
            media_type: "IMAGE",
          },
        },
        (data) => stringOf(data.download_url),
      );
      if (!located.ok) return located;
      return download(located.value, maxBytes);
    },
  };

  /**
   * The bytes behind TikTok's download URL. The URL comes from TikTok's authenticated answer, not
   * from a webhook, but it is still fetched only over HTTPS (or from the API's own origin: a
   * local fake), without the access token, and never past `maxBytes`.
   */
  async function download(
    location: string,
    maxBytes: number,
  ): Promise<TiktokResult<TiktokDownload>> {
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      return {
        ok: false,
        retryable: false,
        reason: "other",
        error: "TikTok's download URL is not a URL",
      };
    }
    if (url.protocol !== "https:" && url.origin !== new URL(base).origin) {
      return {
        ok: false,
        retryable: false,
        reason: "other",
        error: "TikTok's download URL is not HTTPS",
      };
    }
    let response: Response;
    try {
      // A redirect is not followed: it could lead anywhere.
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    } catch (error) {
      return unreachable(error);
    }
    if (response.status < 200 || response.status >= 300) {
      const text = await readText(response, 2_000).catch(() => "");
      return tiktokHttpFailure(response.status, response.headers.get("retry-after"), text ?? "");
    }
    const mimeType = (response.headers.get("content-type") ?? "application/octet-stream")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      return { ok: true, statusCode: response.status, value: { tooLarge: true } };
    }
    try {
      const bytes = await readBytes(response, maxBytes);
      if (!bytes) return { ok: true, statusCode: response.status, value: { tooLarge: true } };
      return { ok: true, statusCode: response.status, value: { bytes, mimeType } };
    } catch (error) {
      return unreachable(error);
    }
  }
}

/** A network failure or a timeout: TikTok may be back soon. */
function unreachable(error: unknown): TiktokFailure {
  const name =
    error instanceof Error
      ? ((error as Error & { cause?: { code?: string } }).cause?.code ?? error.name)
      : "unknown";
  const timedOut = name === "TimeoutError" || name === "AbortError";
  return {
    ok: false,
    retryable: true,
    reason: "other",
    error: timedOut ? "TikTok did not answer in time" : `TikTok unreachable: ${name}`,
  };
}

/** At most `maxBytes` of a body; null when it is longer (the rest is not read). */
async function readBytes(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  const bytes = await readBytes(response, maxBytes);
  return bytes ? new TextDecoder().decode(bytes) : "";
}

function stringOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

function httpsUrl(value: unknown): string | null {
  const text = stringOf(value);
  if (!text || text.length > 2_000) return null;
  try {
    return new URL(text).protocol === "https:" ? text : null;
  } catch {
    return null;
  }
}
