/**
 * Messenger and Instagram Direct through Meta's Graph API: the shapes the rest of Jai codes
 * against. The implementation is plain `fetch` (no SDK) with a configurable base URL, so tests
 * point it at a local fake (apps/web/server/test/fake-meta.ts).
 */

export type MetaPlatform = "messenger" | "instagram";

/** Where the Graph API calls go: Meta itself, or a local fake in tests. */
export type MetaEndpoints = {
  /** `https://graph.facebook.com` */
  graphBaseUrl: string;
  /** `v21.0` */
  apiVersion: string;
  /** Per call, milliseconds (10 s unless set). */
  timeoutMs?: number;
  /**
   * Hosts attachment URLs may be downloaded from (a host matches itself or as a suffix after a
   * dot): Meta's CDNs in production; tests add the fake's `127.0.0.1`. Any other URL is refused
   * without a request (an attachment URL comes from a webhook body).
   */
  attachmentHosts: string[];
};

export const metaProductionEndpoints: MetaEndpoints = {
  graphBaseUrl: "https://graph.facebook.com",
  apiVersion: "v21.0",
  attachmentHosts: ["fbcdn.net", "fbsbx.com", "cdninstagram.com", "facebook.com"],
};

/** What a caller acts on when Meta refuses. */
export type MetaFailureReason =
  /** 190 (and 102, 463, 467): the token is invalid or expired: the channel needs reconnecting. */
  | "auth"
  /** 10 / 2018278 and friends: outside the messaging window, or a tag not allowed. */
  | "window"
  /** 200, 10 without the window subcode, 230: the app or page lacks a permission. */
  | "permission"
  /** 551, 1545041, 2018001, 9010: the person cannot be reached (blocked, deleted). */
  | "user_unavailable"
  /** HTTP 429, codes 4, 17, 32, 613: try again later. */
  | "rate_limited"
  | "other";

/** How a Graph API call went. Failures say whether trying again may help, in secret-free words. */
export type MetaResult<T> =
  | { ok: true; value: T; statusCode: number }
  | {
      ok: false;
      retryable: boolean;
      statusCode?: number;
      retryAfterSeconds?: number;
      /** Meta's own message (no token, no URL with a token), for the log and the console. */
      error: string;
      reason: MetaFailureReason;
      /** Meta's `error.code` / `error.error_subcode`, when it sent them. */
      code?: number;
      subcode?: number;
    };

export type MetaPage = { id: string; name: string; pictureUrl: string | null };
export type MetaInstagramAccount = {
  id: string;
  username: string;
  name: string | null;
  pictureUrl: string | null;
};
/** A customer's profile (name and picture), where Meta gives it. */
export type MetaProfile = { name: string | null; pictureUrl: string | null };

/** One message as the Send API takes it (`message` of `POST /{version}/me/messages`). */
export type MetaOutgoing =
  | {
      text: string;
      quick_replies?: { content_type: "text"; title: string; payload: string }[];
    }
  | { attachment: { type: "image"; payload: { url: string; is_reusable?: boolean } } };

/**
 * How a message goes: inside the 24-hour standard window `RESPONSE`; a person's reply between
 * 24 h and 7 days `MESSAGE_TAG` + `HUMAN_AGENT` (never a bot's).
 */
export type MetaSendOptions =
  | { messagingType: "RESPONSE" }
  | { messagingType: "MESSAGE_TAG"; tag: "HUMAN_AGENT" };

export type MetaSenderAction = "typing_on" | "typing_off" | "mark_seen";

export type MetaDownload = { bytes: Uint8Array; mimeType: string } | { tooLarge: true };

/**
 * A Graph API client for one access token. Every call: `Authorization: Bearer <token>` (never a
 * token in the URL), a timeout, Meta's errors as results (never throws).
 */
export type MetaClient = {
  /** `GET /{v}/me?fields=id,name,picture`: the Page the token belongs to. */
  page(): Promise<MetaResult<MetaPage>>;
  /** `GET /{v}/{id}?fields=id,username,name,profile_picture_url`. */
  instagramAccount(id: string): Promise<MetaResult<MetaInstagramAccount>>;
  /**
   * Messenger: `GET /{v}/{psid}?fields=first_name,last_name,profile_pic`; Instagram:
   * `GET /{v}/{igsid}?fields=name,username,profile_pic`.
   */
  profile(platform: MetaPlatform, userId: string): Promise<MetaResult<MetaProfile>>;
  /** `POST /{v}/me/messages` with `recipient.id`, `messaging_type`, `tag`, `message`. */
  send(
    recipientId: string,
    message: MetaOutgoing,
    options: MetaSendOptions,
  ): Promise<MetaResult<{ messageId: string }>>;
  /** `POST /{v}/me/messages` with `sender_action`. */
  senderAction(recipientId: string, action: MetaSenderAction): Promise<MetaResult<null>>;
  /** An attachment's bytes, at most `maxBytes` (larger: `tooLarge`, not read into memory). */
  download(url: string, maxBytes: number): Promise<MetaResult<MetaDownload>>;
};

/**
 * One item of a webhook's `entry[].messaging[]`, flattened: every entry and every item of a
 * batch, in order. Deliveries, reads and reactions are left out (nothing to do with them).
 */
export type MetaWebhookEvent = {
  object: "page" | "instagram";
  /** `entry[].id`: the Page (or Instagram account) the event is for. */
  entryId: string;
  /**
   * What a redelivery is recognised by: the message's `mid` (an echo's too), a postback's `mid`
   * or `postback:{sender}:{timestamp}:{payload hash}`, `referral:…`, `optin:…`.
   */
  eventId: string;
  /** The customer: `sender.id`, or `recipient.id` for an echo of the Page's own message. */
  userId: string;
  /** Milliseconds. */
  timestamp: number;
  /** The messaging item as received (stored as the event's payload). */
  item: Record<string, unknown>;
};

/** What the customer sent, in neutral form. */
export type MetaContent =
  | {
      type: "text";
      text: string;
      /** Typed by the person (a tapped quick reply, a like, a story mention is not). */
      typed: boolean;
    }
  | { type: "image"; url: string }
  | { type: "file"; kind: "video" | "audio" | "file"; url: string | null };

/** What Jai does with one event. */
export type MetaAction =
  | { kind: "message"; userId: string; mid: string; content: MetaContent }
  | {
      kind: "postback";
      userId: string;
      /** The button's title, as the person saw it. */
      text: string;
      payload: string;
      /** Messenger's "Get Started" (payload `GET_STARTED`): the welcome is sent. */
      getStarted: boolean;
    }
  /** The Page's own message (ours, or a person's from Meta Business Suite): never answered. */
  | { kind: "echo"; userId: string; mid: string; appId: string | null; text: string }
  | { kind: "ignore"; reason: string };
