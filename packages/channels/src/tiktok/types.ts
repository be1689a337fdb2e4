/**
 * TikTok direct messages through TikTok's Business Messaging API (business-api.tiktok.com,
 * `open_api/v1.3/business/...`): the shapes the rest of Jai codes against. The API needs TikTok's
 * approval for the business account and is not offered everywhere (not in the EEA, Switzerland
 * or the UK). Plain `fetch` with a configurable base URL (no SDK), so tests point it at a local
 * fake (apps/web/server/test/fake-tiktok.ts).
 *
 * Sources for the shapes (TikTok's reference pages need a developer login): Chatwoot
 * `app/services/tiktok/client.rb`, `message_service.rb`, `webhooks/tiktok_controller.rb` and
 * `tiktok_events_job.rb`; ChatbotX `integrations/tiktok` (`apis/message.ts`, `schema.ts`,
 * `handlers/webhook.ts`).
 */

/** Where TikTok calls go: TikTok itself, or a local fake in tests. */
export type TiktokEndpoints = {
  /** `https://business-api.tiktok.com` (paths start `/open_api/v1.3/`). */
  baseUrl: string;
  /** Per call, milliseconds (10 s unless set). */
  timeoutMs?: number;
};

export const tiktokProductionEndpoints: TiktokEndpoints = {
  baseUrl: "https://business-api.tiktok.com",
};

/** What a caller acts on when TikTok refuses. */
export type TiktokFailureReason =
  /** The access token is wrong, expired or revoked (40102, 40104, 40105): connect again. */
  | "auth"
  /**
   * The account or app lacks the Business Messaging permission (40001, or a message about a
   * permission, a scope or an approval): TikTok must approve the account first.
   */
  | "not_approved"
  /** Outside the 48-hour reply window, or a conversation the customer did not open. */
  | "window"
  /** HTTP 429, or TikTok's 40100 / 51021 ("too many requests"): try again later. */
  | "rate_limited"
  | "other";

/** How a call to TikTok went. Failures say whether trying again may help, in secret-free words. */
export type TiktokResult<T> =
  | { ok: true; value: T; statusCode: number }
  | {
      ok: false;
      retryable: boolean;
      statusCode?: number;
      retryAfterSeconds?: number;
      /** What went wrong, for the log and the console: TikTok's own message, never a token. */
      error: string;
      reason: TiktokFailureReason;
      /** TikTok's envelope `code` (non-zero), when it answered with one. */
      code?: number;
      /** TikTok's own words (its envelope `message`), as it sent them. */
      tiktokMessage?: string;
    };

export type TiktokFailure = Extract<TiktokResult<never>, { ok: false }>;

/** The business account, as `business/get/` describes it. */
export type TiktokBusinessInfo = {
  displayName: string;
  username: string | null;
  pictureUrl: string | null;
};

export type TiktokDownload = { bytes: Uint8Array; mimeType: string } | { tooLarge: true };

/** An image to upload (`business/message/media/upload/`, `media_type: IMAGE`). */
export type TiktokImage = { bytes: Uint8Array; mimeType: string; fileName?: string };

/** Which received image to download (`business/message/media/download/`). */
export type TiktokMediaRef = { conversationId: string; messageId: string; mediaId: string };

/**
 * A Business API client for one access token. Every call: the `Access-Token` header (never a
 * token in a URL), a timeout, TikTok's errors as results (never throws). TikTok answers HTTP 200
 * with `{ code, message, request_id, data }`; a non-zero `code` is a refusal.
 */
export type TiktokClient = {
  /** `GET /open_api/v1.3/business/get/`: the connection check. */
  businessInfo(businessId: string): Promise<TiktokResult<TiktokBusinessInfo>>;
  /** `POST …/business/message/send/`, `message_type: TEXT` (at most 6,000 characters). */
  sendText(
    businessId: string,
    conversationId: string,
    text: string,
  ): Promise<TiktokResult<{ messageId: string | null }>>;
  /** `POST …/business/message/send/`, `message_type: IMAGE`: one image, by its uploaded id. */
  sendImage(
    businessId: string,
    conversationId: string,
    mediaId: string,
  ): Promise<TiktokResult<{ messageId: string | null }>>;
  /** `POST …/business/message/media/upload/` (multipart): the media id to send it by. */
  uploadImage(businessId: string, image: TiktokImage): Promise<TiktokResult<{ mediaId: string }>>;
  /**
   * A received image's bytes, at most `maxBytes` (larger: `tooLarge`, not read into memory):
   * `…/media/download/` names a short-lived download URL, which is then fetched.
   */
  downloadMedia(
    businessId: string,
    media: TiktokMediaRef,
    maxBytes: number,
  ): Promise<TiktokResult<TiktokDownload>>;
};

/**
 * A direct message as TikTok's webhook carries it (the JSON inside the envelope's `content`
 * string), for `im_receive_msg` (a customer wrote) and `im_send_msg` (the business sent one:
 * ours, echoed, or a person's from the TikTok app).
 */
export type TiktokDirectMessage = {
  conversationId: string;
  /** Absent in some payloads; the event is then recognised by a hash of its content. */
  messageId: string | null;
  /** Milliseconds. */
  timestamp: number;
  /** `text`, `image`, `share_post`, `sticker` … */
  type: string;
  text: string | null;
  mediaId: string | null;
  sharedPostUrl: string | null;
  /** The sender's display name and id; the recipient's. */
  from: { id: string; name: string | null };
  to: { id: string; name: string | null } | null;
};

/** One webhook request (TikTok sends one event per request). */
export type TiktokWebhookEvent = {
  /** `im_receive_msg`, `im_send_msg`, `authorization.removed` … */
  event: string;
  /** The developer app's client key. */
  clientKey: string | null;
  /** Seconds. */
  createTime: number;
  /** `user_openid`: the business account the event is about. */
  businessId: string;
  /** The direct message, for `im_receive_msg` and `im_send_msg`; null for other events. */
  message: TiktokDirectMessage | null;
  /** What a redelivery is recognised by: `<event>:<message id>`, or a hash of the content. */
  eventId: string;
};

/** What the customer sent, in neutral form. */
export type TiktokContent =
  /** `typed: false`: words Jai made (a shared post's link), not typed by the customer. */
  { type: "text"; text: string; typed: boolean } | { type: "image"; mediaId: string };

/** What Jai does with one event. */
export type TiktokAction =
  | {
      kind: "message";
      /** The customer's TikTok user id (the contact is found by it). */
      userId: string;
      /** The name TikTok shows for them, when the event carries it. */
      displayName: string | null;
      /** TikTok's conversation id: every reply is addressed to it. */
      conversationId: string;
      messageId: string | null;
      content: TiktokContent;
    }
  /** The business's own message (ours echoed, or a person's from the TikTok app): never answered. */
  | { kind: "echo"; userId: string; conversationId: string; messageId: string | null }
  /** The business account removed the app's authorization: the channel stops. */
  | { kind: "deauthorized" }
  | { kind: "ignore"; reason: string };
