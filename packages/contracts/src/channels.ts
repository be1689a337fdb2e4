import { safeText } from "./text";
import { z } from "./zod";

/**
 * Channels: where a bot talks with people, and what the owner sets for each. Browser-safe; the
 * server, the console, the widget iframe and the loader (types only) share these.
 */

/** Every surface a conversation can happen on. `web` is the hosted page /bot/{id}. */
export const conversationChannels = [
  "web",
  "widget",
  "api",
  "line",
  "messenger",
  "instagram",
  "tiktok",
] as const;
export type ConversationChannel = (typeof conversationChannels)[number];

/** Channels an owner connects (one connection per bot each); active ones count against the plan. */
export const connectableChannels = ["widget", "line", "messenger", "instagram", "tiktok"] as const;
export type ConnectableChannel = (typeof connectableChannels)[number];

export const widgetLimits = {
  /** Allowed origins per bot. */
  allowedOriginsMax: 20,
  launcherLabelMaxChars: 40,
  greetingMaxChars: 200,
  greetingDelayMaxSeconds: 120,
  /** A widget session token (issued to an allowed origin) lives this long. */
  sessionTtlSeconds: 60 * 60,
  /** The loader's size budget, gzip. */
  loaderMaxGzipBytes: 8 * 1024,
} as const;

/** `https://shop.example` or `http://localhost:8080`: scheme, host and port only. */
export const originSchema = safeText()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === "https:" || url.protocol === "http:") &&
        url.origin === value.replace(/\/$/, "") &&
        !url.username &&
        !url.password
      );
    } catch {
      return false;
    }
  }, "invalidOrigin")
  .transform((value) => value.replace(/\/$/, ""));

/**
 * The website widget's options, as the owner sets them in the console (stored in the widget's
 * channel connection). The host page may override the look with `data-` attributes; allowed
 * origins only come from here.
 */
export const WidgetSettingsSchema = z.object({
  /** The launcher's and the header's colour, `#rrggbb`. */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#0f766e"),
  position: z.enum(["right", "left"]).default("right"),
  /** Text beside the launcher icon; empty: icon only. */
  launcherLabel: safeText().trim().max(widgetLimits.launcherLabelMaxChars).default(""),
  /** A bubble shown next to the closed launcher after `greetingDelaySeconds`; empty: none. */
  greeting: safeText().trim().max(widgetLimits.greetingMaxChars).default(""),
  greetingDelaySeconds: z
    .number()
    .int()
    .min(0)
    .max(widgetLimits.greetingDelayMaxSeconds)
    .default(5),
  /** The chrome's language: fixed, or the visitor's browser (`auto`). */
  language: z.enum(["auto", "en", "th"]).default("auto"),
  startOpen: z.boolean().default(false),
  /** Sites that may embed the widget; empty: any site (the console warns). */
  allowedOrigins: z.array(originSchema).max(widgetLimits.allowedOriginsMax).default([]),
});
export type WidgetSettings = z.infer<typeof WidgetSettingsSchema>;

/** The settings the console shows for a bot's widget. */
export type WidgetChannelDto = {
  enabled: boolean;
  settings: WidgetSettings;
  /** Whether an identity secret exists (it is shown once, when created or rotated). */
  hasIdentitySecret: boolean;
};

/**
 * Messages between the loader (host page) and the widget iframe, through `postMessage`. Every
 * message has `source: "jai-widget"`; each side checks the other's origin and window.
 */
export type WidgetHostMessage =
  | {
      source: "jai-widget";
      type: "init";
      session: string;
      language?: "en" | "th";
      /**
       * What the frame asked the host to keep (its contact token, the conversation id): kept in
       * the host site's storage, because a third-party frame's own storage may be blocked.
       */
      stored?: Record<string, string>;
    }
  | {
      source: "jai-widget";
      type: "identify";
      identity: { id: string; name?: string; email?: string; signature: string };
    }
  | { source: "jai-widget"; type: "opened" }
  | { source: "jai-widget"; type: "closed" };

export type WidgetFrameMessage =
  | { source: "jai-widget"; type: "ready" }
  | { source: "jai-widget"; type: "close" }
  | { source: "jai-widget"; type: "unread"; count: number }
  | { source: "jai-widget"; type: "message"; sender: "user" | "bot"; text: string }
  /** Keep (or, with null, forget) a value under a `jai.widget.` key in the host site's storage. */
  | { source: "jai-widget"; type: "store"; key: string; value: string | null };

/** Events an owner's webhook endpoints may subscribe to. */
export const webhookEvents = [
  "message.created",
  "conversation.created",
  "conversation.handoff_requested",
  "conversation.resolved",
  "contact.created",
  "feedback.created",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

// ---- LINE ------------------------------------------------------------------------------------

/** What the owner pastes from the LINE Developers console (Messaging API channel). */
export const ConnectLineSchema = z.object({
  /** "Channel ID" on the Basic settings tab: digits. */
  channelId: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/),
  /** "Channel secret" on the Basic settings tab: 32 hexadecimal characters. */
  channelSecret: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/),
  /** "Channel access token (long-lived)" on the Messaging API tab. */
  accessToken: z
    .string()
    .trim()
    .min(20)
    .max(1000)
    .regex(/^[A-Za-z0-9+/=._-]+$/),
});
export type ConnectLineInput = z.input<typeof ConnectLineSchema>;

/** A bot's LINE channel as the console shows it: never a secret, only their last 4 characters. */
export type LineChannelDto =
  | { status: "not_connected" }
  | {
      status: "connected" | "error";
      connectionId: string;
      channelId: string;
      /** The LINE official account, as LINE's `GET /v2/bot/info` says. */
      account: { displayName: string; basicId: string; pictureUrl: string | null };
      secretLast4: string;
      tokenLast4: string;
      /** Paste into LINE Developers → Messaging API → Webhook URL. */
      webhookUrl: string;
      /** When LINE's "Verify" (or the first signed event) arrived; null: not yet. */
      webhookVerifiedAt: string | null;
      /** When a request arrived whose signature did not match the channel secret. */
      signatureFailedAt: string | null;
      /** Why the channel is in error (LINE refused the token …), in words. */
      lastError: string | null;
      /** This calendar month (Asia/Bangkok): replies sent free by reply token, and pushes. */
      sentThisMonth: { reply: number; push: number };
      /** Events that arrived while the channel was paused (counted, not kept). */
      ignoredEvents: number;
    };

/** `GET …/channels/line/quota`: the account's message quota, read from LINE. */
export type LineQuotaDto = {
  /** "limited": `limit` messages a month; "none": no limit. */
  type: "limited" | "none";
  limit: number | null;
  /** Messages counted against the quota this month (pushes, multicasts, broadcasts). */
  used: number;
  /** Of them, pushes Jai sent for this bot this month. */
  pushedByBot: number;
};

// ---- Messenger and Instagram (Meta) -----------------------------------------------------------

/** Graph API ids (a Page, an Instagram professional account): digits. */
const metaIdSchema = z
  .string()
  .trim()
  .regex(/^\d{5,25}$/);

/**
 * What the owner pastes from Meta's dashboards to connect a Facebook Page's Messenger: the
 * Page ID, a Page access token (with `pages_messaging`), and the app's secret (App settings →
 * Basic), which signs every webhook: a channel does not go live without it.
 */
export const ConnectMessengerSchema = z.object({
  pageId: metaIdSchema,
  pageAccessToken: z
    .string()
    .trim()
    .min(20)
    .max(1000)
    .regex(/^[A-Za-z0-9._|-]+$/),
  /** "App secret": 32 hexadecimal characters. */
  appSecret: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/),
  /**
   * The app has Meta's "Human Agent" permission (App Review): a teammate's reply may then go
   * with the HUMAN_AGENT tag up to 7 days after the customer's last message. Never the bot's.
   */
  humanAgentTag: z.boolean().default(false),
});
export type ConnectMessengerInput = z.input<typeof ConnectMessengerSchema>;

/** Instagram Direct through the Facebook Page the professional account is linked to. */
export const ConnectInstagramSchema = ConnectMessengerSchema.extend({
  instagramAccountId: metaIdSchema,
});
export type ConnectInstagramInput = z.input<typeof ConnectInstagramSchema>;

/** `PATCH …/channels/{messenger|instagram}`: what can change without connecting again. */
export const UpdateMetaChannelSchema = z.object({ humanAgentTag: z.boolean() });

export type MetaChannelKind = "messenger" | "instagram";

/** A bot's Messenger or Instagram channel as the console shows it: never a secret. */
export type MetaChannelDto =
  | { status: "not_connected"; channel: MetaChannelKind }
  | {
      status: "connected" | "error";
      channel: MetaChannelKind;
      connectionId: string;
      /** The Facebook Page, as the Graph API's `/me` said at connection. */
      page: { id: string; name: string; pictureUrl: string | null };
      /** Instagram only: the professional account linked to the Page. */
      instagram: { id: string; username: string; pictureUrl: string | null } | null;
      appSecretLast4: string;
      tokenLast4: string;
      verifyTokenLast4: string;
      /** Paste into the Meta app → Webhooks → Callback URL. */
      callbackUrl: string;
      /** The webhook fields to subscribe to (`messages`, `messaging_postbacks` …). */
      subscribeFields: string[];
      humanAgentTag: boolean;
      /** When Meta's verification request (or the first signed event) arrived; null: not yet. */
      webhookVerifiedAt: string | null;
      /** When a request arrived whose signature did not match the app secret. */
      signatureFailedAt: string | null;
      /** Why the channel is in error (Meta refused the token …), in words. */
      lastError: string | null;
      /** Events that arrived while the channel was paused (counted, not kept). */
      ignoredEvents: number;
      /** Messages sent to this channel this calendar month (Asia/Bangkok). */
      sentThisMonth: number;
    };

/**
 * What connecting (or a new verify token) answers: the channel, and the verify token to paste
 * into Meta's dashboard, shown this once (stored sealed).
 */
export type MetaConnectResultDto = {
  channel: Extract<MetaChannelDto, { status: "connected" | "error" }>;
  verifyToken: string;
};

// ---- TikTok ------------------------------------------------------------------------------------

/**
 * What the owner pastes from TikTok for Business to connect a business account's direct
 * messages (the Business Messaging API, which TikTok must approve for the account): the
 * developer app's id and secret (the secret signs webhooks), the business account's id, and
 * its access token.
 */
export const ConnectTiktokSchema = z.object({
  appId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/),
  appSecret: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,128}$/),
  businessId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{4,128}$/),
  accessToken: z
    .string()
    .trim()
    .min(20)
    .max(1000)
    .regex(/^[A-Za-z0-9._|:-]+$/),
});
export type ConnectTiktokInput = z.input<typeof ConnectTiktokSchema>;

/** A bot's TikTok channel as the console shows it: never a secret. */
export type TiktokChannelDto =
  | { status: "not_connected" }
  | {
      status: "connected" | "error";
      connectionId: string;
      businessId: string;
      /** The business account, as TikTok described it at connection. */
      account: { displayName: string; username: string | null; pictureUrl: string | null };
      appIdLast4: string;
      secretLast4: string;
      tokenLast4: string;
      /** Paste into the TikTok developer app → Webhooks → Callback URL. */
      webhookUrl: string;
      webhookVerifiedAt: string | null;
      signatureFailedAt: string | null;
      lastError: string | null;
      ignoredEvents: number;
      sentThisMonth: number;
    };
