import { z } from "@jai/contracts/zod";
import { parseRetryAfter } from "../http";
import type {
  MetaClient,
  MetaDownload,
  MetaEndpoints,
  MetaFailureReason,
  MetaInstagramAccount,
  MetaOutgoing,
  MetaPage,
  MetaPlatform,
  MetaProfile,
  MetaResult,
  MetaSenderAction,
  MetaSendOptions,
} from "./types";

const defaultTimeoutMs = 10_000;
/** The most of a Graph API answer read: its JSON is a few hundred bytes. */
const maxAnswerBytes = 256 * 1024;
/** Meta's own words in an error, at most. */
const maxErrorChars = 300;
/** Redirects followed on a download (each to an allowed host only). */
const maxRedirects = 3;

type Failure = Extract<MetaResult<never>, { ok: false }>;

/**
 * Meta's subcodes (with code 10) for "outside the messaging window": 2018278 (Messenger's 24
 * hours), 2018065 (the older wording), 2534022 (Instagram's).
 */
const windowSubcodes = new Set([2018278, 2018065, 2534022]);
/** The person cannot be reached: 551 / 1545041 ("isn't available right now"), 2018001, 9010. */
const unavailableCodes = new Set([551, 9010]);
const unavailableSubcodes = new Set([1545041, 2018001]);
/** 4 (app), 17 (user), 32 (page), 613 (call rate), 80001–80014 (business use case limits). */
const rateLimitCodes = new Set([4, 17, 32, 613]);
/** Meta says trying again may help: unknown / service errors, rate limits, 1200 (temporary). */
const retryableCodes = new Set([1, 2, 4, 17, 32, 613, 1200]);
/** 190 and its older relatives: the token is invalid or expired. */
const authCodes = new Set([102, 190, 463, 467]);

const graphError = z.object({
  error: z
    .object({
      message: z.string().optional(),
      type: z.string().optional(),
      code: z.number().int().optional(),
      error_subcode: z.number().int().optional(),
      is_transient: z.boolean().optional(),
      fbtrace_id: z.string().optional(),
    })
    .passthrough(),
});

const pageAnswer = z.object({
  id: z.string(),
  name: z.string(),
  picture: z
    .object({ data: z.object({ url: z.string().optional() }).passthrough().optional() })
    .passthrough()
    .optional(),
});
const instagramAnswer = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullish(),
  profile_picture_url: z.string().nullish(),
});
const profileAnswer = z.object({
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  name: z.string().nullish(),
  username: z.string().nullish(),
  profile_pic: z.string().nullish(),
});
const sendAnswer = z.object({ message_id: z.string().min(1) });
const anyAnswer = z.unknown();

/** Graph ids (Pages, accounts, page-scoped user ids) are digits: anything else is not sent. */
const graphId = /^\d{1,30}$/;

/**
 * The Graph API for one access token, with plain `fetch`: `Authorization: Bearer` on every call
 * (never a token in the URL), a timeout, no redirects followed, Meta's errors as results.
 */
export function createMetaClient(accessToken: string, endpoints: MetaEndpoints): MetaClient {
  const timeoutMs = endpoints.timeoutMs ?? defaultTimeoutMs;
  const base = `${endpoints.graphBaseUrl.replace(/\/+$/, "")}/${endpoints.apiVersion}`;
  /** Meta's words, without the token should it ever echo it back. */
  const clean = (text: string) =>
    (accessToken ? text.split(accessToken).join("[token]") : text).slice(0, maxErrorChars);

  async function graph<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    options: { fields?: string; json?: unknown } = {},
  ): Promise<MetaResult<T>> {
    const url = `${base}${path}${options.fields ? `?fields=${encodeURIComponent(options.fields)}` : ""}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${accessToken}`,
          Accept: "application/json",
          ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
        signal: timeout,
        redirect: "manual",
      });
      text = new TextDecoder().decode(
        (await readLimited(response, maxAnswerBytes)) ?? new Uint8Array(),
      );
    } catch (error) {
      return unreachable(error, timeout.aborted, clean);
    }
    const statusCode = response.status;
    if (statusCode >= 200 && statusCode < 300) {
      const parsed = schema.safeParse(parseJson(text));
      if (parsed.success) return { ok: true, value: parsed.data, statusCode };
      return {
        ok: false,
        retryable: false,
        statusCode,
        reason: "other",
        error: `Meta answered ${statusCode} with an unexpected body`,
      };
    }
    return failureOf(statusCode, response.headers.get("retry-after"), text, clean);
  }

  const refusedId = (what: string): Failure => ({
    ok: false,
    retryable: false,
    reason: "other",
    error: `not a Graph API id: ${what}`,
  });

  return {
    async page() {
      const result = await graph("GET", "/me", pageAnswer, { fields: "id,name,picture" });
      if (!result.ok) return result;
      const { id, name, picture } = result.value;
      const value: MetaPage = { id, name, pictureUrl: picture?.data?.url ?? null };
      return { ...result, value };
    },
    async instagramAccount(id) {
      if (!graphId.test(id)) return refusedId("Instagram account");
      const result = await graph("GET", `/${id}`, instagramAnswer, {
        fields: "id,username,name,profile_picture_url",
      });
      if (!result.ok) return result;
      const { username, name, profile_picture_url } = result.value;
      const value: MetaInstagramAccount = {
        id: result.value.id,
        username,
        name: name ?? null,
        pictureUrl: profile_picture_url ?? null,
      };
      return { ...result, value };
    },
    async profile(platform: MetaPlatform, userId: string) {
      if (!graphId.test(userId)) return refusedId("user");
      const fields =
        platform === "messenger" ? "first_name,last_name,profile_pic" : "name,username,profile_pic";
      const result = await graph("GET", `/${userId}`, profileAnswer, { fields });
      if (!result.ok) return result;
      const found = result.value;
      const full = [found.first_name, found.last_name]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(" ");
      const value: MetaProfile = {
        name: (full || found.name?.trim() || found.username?.trim()) ?? null,
        pictureUrl: found.profile_pic ?? null,
      };
      return { ...result, value };
    },
    async send(recipientId: string, message: MetaOutgoing, options: MetaSendOptions) {
      if (!graphId.test(recipientId)) return refusedId("recipient");
      const result = await graph("POST", "/me/messages", sendAnswer, {
        json: {
          recipient: { id: recipientId },
          messaging_type: options.messagingType,
          ...(options.messagingType === "MESSAGE_TAG" ? { tag: options.tag } : {}),
          message,
        },
      });
      if (!result.ok) return result;
      return { ...result, value: { messageId: result.value.message_id } };
    },
    async senderAction(recipientId: string, action: MetaSenderAction) {
      if (!graphId.test(recipientId)) return refusedId("recipient");
      const result = await graph("POST", "/me/messages", anyAnswer, {
        json: { recipient: { id: recipientId }, sender_action: action },
      });
      if (!result.ok) return result;
      return { ...result, value: null };
    },
    download(url: string, maxBytes: number) {
      return download(url, maxBytes, endpoints.attachmentHosts, timeoutMs, clean);
    },
  };
}

/**
 * An attachment from Meta's CDN: only from the allowed hosts (the URL comes from a webhook body,
 * so it could name anything), without the token (the CDN's URLs are signed), redirects followed
 * only to allowed hosts, at most `maxBytes` read.
 */
async function download(
  url: string,
  maxBytes: number,
  allowedHosts: readonly string[],
  timeoutMs: number,
  clean: (text: string) => string,
): Promise<MetaResult<MetaDownload>> {
  const refused = (why: string): Failure => ({
    ok: false,
    retryable: false,
    reason: "other",
    error: `attachment refused: ${why}`,
  });
  const first = allowedUrl(url, allowedHosts);
  if (!first) return refused("not a URL of Meta's CDN");
  let target: string = first;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const response: Response = await fetch(target, { signal: timeout, redirect: "manual" });
      const status = response.status;
      if (status >= 300 && status < 400) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get("location");
        const next = location ? allowedUrl(resolve(location, target), allowedHosts) : null;
        if (!next) return refused(`redirected (${status}) away from Meta's CDN`);
        if (redirects >= maxRedirects) return refused("too many redirects");
        target = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        await response.body?.cancel().catch(() => {});
        const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
        return {
          ok: false,
          // An expired CDN URL stays expired (403/404); the CDN busy or down may pass.
          retryable: status === 429 || status >= 500 || status === 408,
          statusCode: status,
          reason: status === 429 ? "rate_limited" : "other",
          error: `attachment download answered ${status}`,
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        };
      }
      const mimeType =
        response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ||
        "application/octet-stream";
      const declared = Number(response.headers.get("content-length") ?? Number.NaN);
      if (declared > maxBytes) {
        await response.body?.cancel().catch(() => {});
        return { ok: true, statusCode: status, value: { tooLarge: true } };
      }
      const bytes = await readLimited(response, maxBytes);
      if (!bytes) return { ok: true, statusCode: status, value: { tooLarge: true } };
      return { ok: true, statusCode: status, value: { bytes, mimeType } };
    }
  } catch (error) {
    return unreachable(error, timeout.aborted, clean);
  }
}

/** `url` when it is http(s) on an allowed host (itself, or a subdomain after a dot); else null. */
export function allowedUrl(url: string, allowedHosts: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  // Credentials in a URL would be sent along: Meta's never carry any.
  if (parsed.username || parsed.password) return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  const allowed = allowedHosts.some((entry) => {
    const suffix = entry.toLowerCase().replace(/^\.+|\.$/g, "");
    return suffix !== "" && (host === suffix || host.endsWith(`.${suffix}`));
  });
  return allowed ? parsed.href : null;
}

function resolve(location: string, from: string): string {
  try {
    return new URL(location, from).href;
  } catch {
    return "";
  }
}

/** The body, or null when it is longer than `maxBytes` (the rest is not read). */
async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
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

/** A Graph API refusal as a result: what the caller acts on, and whether to try again. */
export function failureOf(
  statusCode: number,
  retryAfter: string | null,
  body: string,
  clean: (text: string) => string = (text) => text.slice(0, maxErrorChars),
): Failure {
  const parsed = graphError.safeParse(parseJson(body));
  const error = parsed.success ? parsed.data.error : undefined;
  const code = error?.code;
  const subcode = error?.error_subcode;
  const reason = reasonOf(statusCode, code, subcode);
  // A token, a window, a permission or a person will not change by trying again.
  const retryable =
    reason === "rate_limited" ||
    (reason === "other" &&
      (statusCode === 429 ||
        statusCode >= 500 ||
        (code !== undefined && retryableCodes.has(code)) ||
        error?.is_transient === true));
  const words =
    statusCode >= 300 && statusCode < 400
      ? "a redirect (not followed)"
      : (error?.message ?? body.replace(/\s+/g, " ").trim());
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  return {
    ok: false,
    retryable,
    statusCode,
    reason,
    error: clean(`Meta answered ${statusCode}${words ? `: ${words}` : ""}`),
    ...(code === undefined ? {} : { code }),
    ...(subcode === undefined ? {} : { subcode }),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

function reasonOf(
  statusCode: number,
  code: number | undefined,
  subcode: number | undefined,
): MetaFailureReason {
  if (code !== undefined && authCodes.has(code)) return "auth";
  if (code === undefined && statusCode === 401) return "auth";
  if (code === 10 && subcode !== undefined && windowSubcodes.has(subcode)) return "window";
  if (
    (code !== undefined && unavailableCodes.has(code)) ||
    (subcode !== undefined && unavailableSubcodes.has(subcode))
  ) {
    return "user_unavailable";
  }
  if (code === 10 || code === 3 || (code !== undefined && code >= 200 && code <= 299)) {
    return "permission";
  }
  if (statusCode === 429) return "rate_limited";
  if (code !== undefined && (rateLimitCodes.has(code) || (code >= 80001 && code <= 80014))) {
    return "rate_limited";
  }
  return "other";
}

/** A request that got no answer: Meta may be back soon. */
function unreachable(error: unknown, timedOut: boolean, clean: (text: string) => string): Failure {
  if (timedOut) {
    return { ok: false, retryable: true, reason: "other", error: "Meta did not answer in time" };
  }
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const what =
    typeof cause?.code === "string" ? cause.code : error instanceof Error ? error.name : "unknown";
  return { ok: false, retryable: true, reason: "other", error: clean(`Meta unreachable: ${what}`) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
