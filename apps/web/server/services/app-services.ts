import { createHmac } from "node:crypto";
import type { LineEndpoints } from "@jai/channels/line/index";
import { lineProductionEndpoints } from "@jai/channels/line/index";
import { type MetaEndpoints, metaProductionEndpoints } from "@jai/channels/meta/types";
import { type TiktokEndpoints, tiktokProductionEndpoints } from "@jai/channels/tiktok/index";
import { brand } from "@jai/contracts";
import type { CsatDto } from "@jai/contracts/analytics";
import { billingLimits, type InvoiceSeller } from "@jai/contracts/billing";
import type { ConversationMessages, PublicBot } from "@jai/contracts/chat";
import type { Locale } from "@jai/contracts/locale";
import { marketplaceLimits } from "@jai/contracts/marketplace";
import type { Persona } from "@jai/contracts/persona";
import type { Database } from "@jai/db";
import { createEngine, type Engine, type EngineConfig } from "@jai/engine";
import type { AuthLimitOptions } from "../auth/auth-limits";
import { createRateLimit, type RateLimit } from "../http/rate-limit";
import type { ChannelEventProcessor } from "../jobs/channel-events-worker";
import type { DeliverySenders } from "../jobs/delivery-senders";
import { type DeliveryInput, enqueueDeliveries } from "../jobs/enqueue-delivery";
import type { Logger } from "../logger";
import { type Billing, createBilling } from "../modules/billing/billing-service";
import type { PaymentProvider } from "../modules/billing/providers/payment-provider";
import {
  type ChannelConnections,
  createChannelConnections,
  loadWidgetConnection,
  type WidgetConnection,
} from "../modules/channels/channel-connections";
import {
  createLineConnections,
  type LineConnection,
  type LineConnections,
  loadLineConnection,
} from "../modules/channels/line/line-connections";
import { createLineEventProcessor } from "../modules/channels/line/line-events";
import { createLineSender } from "../modules/channels/line/line-sender";
import { type LineWebhookOutcome, receiveLineWebhook } from "../modules/channels/line/line-webhook";
import {
  createMetaConnections,
  loadMetaConnection,
  type MetaConnection,
  type MetaConnections,
} from "../modules/channels/meta/meta-connections";
import { createMetaEventProcessor } from "../modules/channels/meta/meta-events";
import { createMetaSender } from "../modules/channels/meta/meta-sender";
import {
  type MetaWebhookOutcome,
  receiveMetaWebhook,
  verifyMetaSubscription,
} from "../modules/channels/meta/meta-webhook";
import {
  createTiktokConnections,
  loadTiktokConnection,
} from "../modules/channels/tiktok/tiktok-connections";
import { createTiktokEventProcessor } from "../modules/channels/tiktok/tiktok-events";
import { createTiktokSender } from "../modules/channels/tiktok/tiktok-sender";
import { receiveTiktokWebhook } from "../modules/channels/tiktok/tiktok-webhook";
import { createTtlCache } from "../modules/channels/ttl-cache";
import { createWidgetSessions, type WidgetSessions } from "../modules/channels/widget-session";
import { type ActiveTurns, createActiveTurns } from "../modules/conversations/active-turns";
import type { ContactRef } from "../modules/conversations/contacts";
import { getAttachment, type StoredAttachment } from "../modules/conversations/get-attachment";
import {
  createInstanceHeartbeat,
  type InstanceHeartbeat,
} from "../modules/conversations/instance-heartbeat";
import { listConversationMessages } from "../modules/conversations/list-conversation-messages";
import { markInterruptedTurns } from "../modules/conversations/mark-interrupted-turns";
import { type ChatTurn, type RunTurnInput, runTurn } from "../modules/conversations/run-turn";
import type { DomainEventSink } from "../modules/events/domain-events";
import { type RecordCsatInput, recordCsat, recordOwnerCsat } from "../modules/feedback/csat";
import {
  type RecordedFeedback,
  type RecordFeedbackInput,
  recordFeedback,
  recordOwnerFeedback,
} from "../modules/feedback/record-feedback";
import { createInbox, type Inbox } from "../modules/inbox/inbox-service";
import type { EmbeddingsConfig } from "../modules/knowledge/embeddings-config";
import { createVectorRanker } from "../modules/knowledge/vector-ranking";
import {
  createNotificationSettings,
  type NotificationSettings,
} from "../modules/notifications/notification-settings";
import { generateVapidKeys, type VapidKeys } from "../modules/notifications/vapid-keys";
import { createRealtimeHub, type RealtimeHub } from "../modules/realtime/realtime-hub";
import type { SheetsConfig } from "../modules/sheets/sheets-worker";
import {
  createWebhookEndpoints,
  createWebhookEventSink,
  type WebhookEndpoints,
} from "../modules/webhooks/webhook-endpoints";
import { createWebhookSender } from "../modules/webhooks/webhook-sender";
import {
  createWorkspaceServices,
  type WorkspaceServices,
} from "../modules/workspaces/create-workspace-services";
import { ensureOwnWorkspace } from "../modules/workspaces/workspace-access";
import { type Accounts, createAccounts } from "./accounts/create-accounts";
import {
  getAvatar,
  type StoredAvatar,
  sweepAnonymousAvatars,
  type UploadedAvatar,
  uploadAvatar,
} from "./avatars/avatar-store";
import { createBotIndexCache } from "./bots/bot-index-cache";
import { getPublicBot } from "./bots/get-public-bot";
import { type ChatBot, loadChatBot } from "./bots/load-chat-bot";
import { type SeedDemoBotResult, seedDemoBot } from "./bots/seed-demo-bot";
import type { ProviderKeyChecker } from "./console/console-bots";
import type { ConsoleServices } from "./console/console-services";
import { createConsoleServices } from "./console/create-console-services";
import { createSecretBox } from "./console/secret-box";
import {
  type ContactSubmission,
  type SubmittedContactMessage,
  submitContactMessage,
} from "./contact/submit-contact-message";
import { createIpHasher } from "./create-ip-hasher";
import { createMarketplace, type MarketplaceServices } from "./marketplace/create-marketplace";
import { renderPersonaCardPdf } from "./persona-card/render-persona-card-pdf";

/** What loaders, actions and API handlers share: built once at boot by main.ts. */
export type AppServices = {
  database: Database;
  logger: Logger;
  /** The key per-client limits count under: a keyed hash of the client's network, never its address. */
  clientKey(ip: string | undefined): string;
  rateLimits: {
    /** Contact form submissions per client (API and page form together). */
    contact: RateLimit;
    /** Chat messages per visitor (per bot), or per client without a visitor cookie. */
    chatVisitor: RateLimit;
    /** Chat messages per client network, all its visitors together. */
    chatClient: RateLimit;
    /** Chat messages per bot, all visitors together. */
    chatBot: RateLimit;
    /** Public API (/api/v1) requests per API key. */
    publicApi: RateLimit;
    /** Marketplace submissions per owner (per hour). */
    marketplaceSubmit: RateLimit;
    /** Marketplace clones per owner (per hour). */
    marketplaceClone: RateLimit;
    /** Persona builder live-preview messages per client network (anonymous allowed). */
    personaPreview: RateLimit;
    /** Avatar uploads per client network (per hour; anonymous allowed). */
    avatarUpload: RateLimit;
    /** Persona card PDFs per client network (per hour; anonymous allowed). */
    personaCard: RateLimit;
    /** Payment attempts per workspace (per hour): checkout, plan changes, cards, invoices. */
    payments: RateLimit;
  };
  /** The conversation engine (the persona builder's live preview runs it on an unsaved draft). */
  engine: Engine;
  /** The team inbox: conversations across bots and channels, teammates' replies, handoff. */
  inbox: Inbox;
  /** The key that signs public media links (a teammate's image that LINE fetches). */
  mediaKey: string;
  avatars: {
    /** Checks, resizes (256×256 WebP) and stores an upload; AppError 413/415 on a bad file. */
    upload(input: { bytes: Uint8Array; ownerId: string | null }): Promise<UploadedAvatar>;
    /** An avatar's bytes (public); NOT_FOUND for an unknown or malformed id. */
    get(id: string): Promise<StoredAvatar>;
    /** Deletes anonymous uploads older than a day that nothing refers to; run hourly. */
    sweepAnonymous(): Promise<number>;
  };
  personaCards: {
    /** The persona card as a PDF (Thai font embedded, text extractable). */
    renderPdf(input: { persona: Persona; locale: Locale }): Promise<Uint8Array>;
  };
  contact: {
    /** Validates, stores and queues the email; throws AppError (see submitContactMessage). */
    submit(submission: ContactSubmission): Promise<SubmittedContactMessage>;
  };
  /**
   * Owner accounts (better-auth): `requireOwner(c | request)` and `getSessionUser(request)` for
   * API handlers and loaders, the /api/auth handler, sessions (see accounts/create-accounts.ts).
   */
  accounts: Accounts;
  /** The owner console: personas, bots, knowledge, conversations, API keys, plan. */
  console: ConsoleServices;
  /** Teammates and invitations, the workspace switcher, the workspace's settings. */
  workspaces: WorkspaceServices;
  /** Bots' channels: the console's side (widget options, allowance) and the widget's. */
  channels: ChannelConnections & {
    /** A bot's widget connection (enabled, options, identity secret), for the widget's API. */
    loadWidget(botId: string): Promise<WidgetConnection>;
    /** Short-lived widget sessions for allowed sites. */
    widgetSessions: WidgetSessions;
  };
  /** The LINE channel: the console's side, the webhook, the events job's processor. */
  line: LineConnections & {
    /** LINE's webhook for one connection: verify, store, answer (see line-webhook.ts). */
    receive(request: {
      connectionId: string;
      rawBody: Uint8Array;
      signature: string | null;
    }): Promise<LineWebhookOutcome>;
    /** Turns one stored LINE event into a turn and a queued reply (the channel-events job). */
    processEvent: ChannelEventProcessor;
    /** Drops this instance's cached copy of a connection (it is re-read within 5 s anyway). */
    forget(connectionId: string): void;
  };
  /** Messenger and Instagram: the console's side, the webhook, the events job's processor. */
  meta: MetaConnections & {
    /** Meta's subscription handshake (`GET` with `hub.*`). */
    verify(request: {
      connectionId: string;
      mode: string | null;
      verifyToken: string | null;
      challenge: string | null;
    }): Promise<{ status: 200; challenge: string } | { status: 403 | 404 }>;
    /** Meta's webhook for one connection: verify, store, answer (see meta-webhook.ts). */
    receive(request: {
      connectionId: string;
      rawBody: Uint8Array;
      signature: string | null;
    }): Promise<MetaWebhookOutcome>;
    processEvent: ChannelEventProcessor;
    forget(connectionId: string): void;
  };
  /** TikTok direct messages: the console's side, the webhook, the events job's processor. */
  tiktok: ReturnType<typeof createTiktokConnections> & {
    receive(request: {
      connectionId: string;
      rawBody: Uint8Array;
      signature: string | null;
    }): Promise<{ status: 200; stored: number } | { status: 400 | 401 | 404; reason: string }>;
    processEvent: ChannelEventProcessor;
    forget(connectionId: string): void;
  };
  /** Outgoing webhooks: the owner's endpoints, their delivery log, and their sender. */
  webhooks: WebhookEndpoints;
  /** Who sends each channel's deliveries (the deliveries job, main.ts). */
  deliverySenders: DeliverySenders;
  /** A member's own alerts: preferences, browsers (Web Push), a test notification. */
  notifications: NotificationSettings;
  /** The persona marketplace: submissions, admin review, public listings, clones. */
  marketplace: MarketplaceServices;
  bots: {
    /** The public profile of an active bot; AppError NOT_FOUND otherwise. */
    getPublic(botId: string): Promise<PublicBot>;
    /** An active bot with its persona, for a chat turn; AppError NOT_FOUND otherwise. */
    loadForChat(botId: string): Promise<ChatBot>;
    /** Creates or updates the Demo Bot (/bot/demo); run at boot after the migrations. */
    seedDemoBot(): Promise<SeedDemoBotResult>;
  };
  chat: {
    /**
     * One turn on any channel: finds or creates the participant's contact, stores the message,
     * then streams and stores the reply (modules/conversations/run-turn.ts).
     */
    runTurn(input: RunTurnInput): Promise<ChatTurn>;
    /** A conversation's messages for the contact who owns it; NOT_FOUND for anyone else. */
    listMessages(input: {
      botId: string;
      conversationId: string;
      contact: ContactRef | undefined;
    }): Promise<ConversationMessages>;
    /** An attached image for the contact who sent it; NOT_FOUND for anyone else. */
    getAttachment(input: {
      botId: string;
      attachmentId: string;
      contact: ContactRef | undefined;
    }): Promise<StoredAttachment>;
    /**
     * Closes replies a stopped process left streaming (cancelled with their text, or failed);
     * run at boot, after `heartbeat.start()`. On the embedded database all of them; on
     * PostgreSQL those of instances whose heartbeat stopped.
     */
    markInterruptedTurns(): Promise<number>;
    /** The turns running now: a shutdown waits for them, then cancels them (main.ts). */
    activeTurns: ActiveTurns;
    /** This process's row in `instances`: start at boot, stop before the database closes. */
    heartbeat: InstanceHeartbeat;
  };
  /** Customers' thumbs on the bot's replies (modules/feedback/record-feedback.ts). */
  feedback: {
    record(input: RecordFeedbackInput): Promise<RecordedFeedback>;
    /** A customer's CSAT answer on the hosted page or the widget (modules/feedback/csat.ts). */
    csat(input: RecordCsatInput): Promise<CsatDto>;
    /** The same two from the owner's software (the public API), on any of their conversations. */
    recordAsOwner(
      ownerId: string,
      conversationId: string,
      input: unknown,
    ): Promise<RecordedFeedback>;
    csatAsOwner(ownerId: string, conversationId: string, input: unknown): Promise<CsatDto>;
  };
  /**
   * Real-time delivery: the process's LISTEN on `inbox_events`, fanned out to the inbox's and
   * the customers' event streams (start at boot; closeStreams when a stop begins; stop before
   * the database closes).
   */
  realtime: RealtimeHub;
  /** Google Sheets (GOOGLE_SHEETS_*): the service account to share sheets with; null: not set. */
  sheets: SheetsConfig | null;
  /** Plans paid for: checkout, changes, invoices (modules/billing). */
  billing: Billing;
  /** The configured payment provider; null: online payment is not set up. */
  billingProvider: PaymentProvider | null;
  /** The seller on tax invoices (BILLING_SELLER_*). */
  billingSeller: InvoiceSeller;
  /** A payment webhook event was stored: wakes the billing events job. */
  onPaymentEventStored: () => void;
};

export type AppServicesOptions = {
  database: Database;
  logger: Logger;
  /** SECRET_KEY (or the generated one): keys the IP hashes. */
  secretKey: string;
  /** CONTACT_TO */
  contactTo: string;
  /** CONTACT_RATE_LIMIT: submissions per client per 10 minutes. */
  contactRateLimit?: number;
  /** Wakes the email outbox worker once an email is queued. */
  onEmailQueued?: () => void;
  /** PUBLIC_URL: account links in emails, better-auth's base URL and trusted origin. */
  publicUrl?: string;
  /** ADMIN_EMAILS: verified accounts with these addresses review marketplace listings. */
  adminEmails?: readonly string[];
  /** Wakes the knowledge ingestion worker once a source is queued. */
  onKnowledgeSourceQueued?: () => void;
  /** PUBLIC_API_RATE_LIMIT: public API requests per key per minute (60). */
  publicApiRateLimit?: number;
  /** Where turns publish `message.created` and friends; the outgoing webhooks' sink unless given. */
  domainEvents?: DomainEventSink;
  /** ALLOW_PRIVATE_WEBHOOKS: webhooks may use http and private addresses (tests, development). */
  allowPrivateWebhooks?: boolean;
  /** Wakes the deliveries worker once something is queued. */
  onDeliveryQueued?: () => void;
  /** Wakes the channel-events worker once a webhook stored events. */
  onChannelEventQueued?: () => void;
  /** Called after a team alert is queued (a handoff, a new conversation): wakes its job. */
  onNotificationQueued?: () => void;
  /** LINE_API_BASE_URL, LINE_DATA_API_BASE_URL: LINE itself unless set (tests: a local fake). */
  lineEndpoints?: LineEndpoints;
  /** How long after its event a LINE reply token is still used (50 s). */
  lineReplyTokenMaxAgeMs?: number;
  /** META_GRAPH_API_BASE_URL: Meta's Graph API unless set (tests: a local fake). */
  metaEndpoints?: MetaEndpoints;
  /** TIKTOK_API_BASE_URL: TikTok's Business API unless set (tests: a local fake). */
  tiktokEndpoints?: TiktokEndpoints;
  /**
   * The server's VAPID keys (browser notifications; main.ts loads them from the environment or
   * the data directory). Default: a pair for this process only.
   */
  vapidKeys?: VapidKeys;
  /** GOOGLE_SHEETS_*: the service account linked sheets are shared with; none: no Sheets. */
  sheets?: SheetsConfig;
  /** Payments: the provider (none: not set up), the seller, and who wakes the billing job. */
  billing?: {
    provider: PaymentProvider | null;
    seller: InvoiceSeller;
    onPaymentEventStored?: () => void;
  };
  /** Brute-force and email limits of accounts (AUTH_CLIENT_RATE_LIMIT, AUTH_EMAIL_RATE_LIMIT). */
  authLimits?: AuthLimitOptions;
  /** The shortest answer to a sign-up or reset request (400 ms; see AccountsOptions). */
  authMinimumEmailResponseMs?: number;
  /** Per client network per hour: avatar uploads (20), persona card PDFs (30). */
  personaExportRateLimits?: { avatarUploads?: number; cardPdfs?: number };
  chat?: {
    /** The conversation engine; default: one built from `engineConfig`. */
    engine?: Engine;
    /** Provider keys, base URLs and timeouts (see chat/create-engine-config.ts). */
    engineConfig?: EngineConfig;
    /** Configured API keys, redacted from anything logged. */
    secrets?: readonly (string | undefined)[];
    /**
     * How the console checks a provider key before saving it (default: a call to the provider
     * with `engineConfig.providers`' settings; tests that configure no provider pass their own).
     */
    checkProviderKey?: ProviderKeyChecker;
    /**
     * Messages per minute: per visitor (20), per client network (120), per bot (600); live
     * preview messages per client network (30).
     */
    rateLimits?: { visitor?: number; client?: number; bot?: number; personaPreview?: number };
    /** Bots whose retrieval index is kept in memory (200). */
    indexCacheSize?: number;
    /** Where chunk and question embeddings come from (hybrid retrieval); none: BM25 alone. */
    embeddings?: EmbeddingsConfig;
  };
};

/** The development seller (the BILLING_SELLER_* defaults of env.ts), for tests and local runs. */
const defaultSeller: InvoiceSeller = {
  name: "บริษัท ใจ แพลตฟอร์ม จำกัด",
  nameEn: "Jai Platform Co., Ltd.",
  address: "999/9 ถนนพระรามที่ 4 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330",
  addressEn: "999/9 Rama IV Road, Pathum Wan, Bangkok 10330",
  taxId: "0105566000010",
  branch: "00000",
};

export const contactRateLimitWindowSeconds = 10 * 60;
export const chatRateLimitWindowSeconds = 60;

export function createAppServices({
  database,
  logger,
  secretKey,
  contactTo,
  contactRateLimit = 5,
  onEmailQueued,
  publicUrl = "http://localhost:3000",
  adminEmails = [],
  authLimits,
  authMinimumEmailResponseMs,
  personaExportRateLimits = {},
  chat = {},
  onKnowledgeSourceQueued,
  publicApiRateLimit = 60,
  domainEvents: givenDomainEvents,
  allowPrivateWebhooks = false,
  onDeliveryQueued = () => {},
  onChannelEventQueued = () => {},
  onNotificationQueued = () => {},
  lineEndpoints = lineProductionEndpoints,
  lineReplyTokenMaxAgeMs,
  metaEndpoints = metaProductionEndpoints,
  tiktokEndpoints = tiktokProductionEndpoints,
  vapidKeys = generateVapidKeys(`mailto:${contactTo}`),
  sheets,
  billing: billingOptions,
}: AppServicesOptions): AppServices {
  const domainEvents =
    givenDomainEvents ?? createWebhookEventSink({ db: database.db, wake: onDeliveryQueued });
  const { hashIp, clientKey } = createIpHasher(secretKey);
  const db = database.db;
  const engine = chat.engine ?? createEngine(chat.engineConfig);
  const indexes = createBotIndexCache(db, { maxEntries: chat.indexCacheSize });
  const activeTurns = createActiveTurns();
  const heartbeat = createInstanceHeartbeat(db, { logger });
  const secretBox = createSecretBox(secretKey);
  const vectors = chat.embeddings
    ? createVectorRanker({ db, config: chat.embeddings, logger, secretBox })
    : undefined;
  const mediaKey = createHmac("sha256", secretKey).update("jai:media-links").digest("base64url");
  const turnDeps = {
    db,
    engine,
    indexes,
    logger,
    secrets: chat.secrets ?? [],
    instanceId: heartbeat.id,
    activeTurns,
    events: domainEvents,
    vectors,
    onNotificationQueued,
  };
  const channelConnections = createChannelConnections({
    db,
    secretBox,
    channelQuota: async (ownerId) => (await consoleServices.plan.get(ownerId)).allowances.channels,
  });
  // Every widget request reads its bot's widget settings: kept a few seconds per instance (a
  // change made on another instance applies within that time).
  const widgetCache = createTtlCache(
    (botId: string) => loadWidgetConnection(db, secretBox, botId),
    {
      ttlMs: 5_000,
      maxEntries: 10_000,
    },
  );
  // Every LINE webhook request reads its connection: kept a few seconds per instance, and
  // cleared at once when the console changes it here.
  const lineCache = createTtlCache(
    (id: string): Promise<LineConnection | null> => loadLineConnection(db, secretBox, id),
    { ttlMs: 5_000, maxEntries: 10_000 },
  );
  const lineVerified = new Set<string>();
  const lineConnections = createLineConnections({
    db,
    secretBox,
    endpoints: lineEndpoints,
    publicUrl,
    channelQuota: async (ownerId) => (await consoleServices.plan.get(ownerId)).allowances.channels,
    onChange: (id) => {
      lineCache.delete(id);
      lineVerified.delete(id);
    },
  });
  const channelQuota = async (ownerId: string) =>
    (await consoleServices.plan.get(ownerId)).allowances.channels;
  // Messenger, Instagram and TikTok connections: cached like LINE's.
  const metaCache = createTtlCache(
    (id: string): Promise<MetaConnection | null> => loadMetaConnection(db, secretBox, id),
    { ttlMs: 5_000, maxEntries: 10_000 },
  );
  const metaVerified = new Set<string>();
  const metaConnections = createMetaConnections({
    db,
    secretBox,
    endpoints: metaEndpoints,
    publicUrl,
    channelQuota,
    onChange: (id) => {
      metaCache.delete(id);
      metaVerified.delete(id);
    },
  });
  const tiktokCache = createTtlCache((id: string) => loadTiktokConnection(db, secretBox, id), {
    ttlMs: 5_000,
    maxEntries: 10_000,
  });
  const tiktokVerified = new Set<string>();
  const tiktokConnections = createTiktokConnections({
    db,
    secretBox,
    endpoints: tiktokEndpoints,
    publicUrl,
    channelQuota,
    onChange: (id) => {
      tiktokCache.delete(id);
      tiktokVerified.delete(id);
    },
  });
  const enqueueChannelDeliveries = async (inputs: DeliveryInput[]) => {
    if ((await enqueueDeliveries(db, inputs)).length > 0) onDeliveryQueued();
  };
  const consoleServices = createConsoleServices({
    db,
    logger,
    engine,
    indexes,
    vectors,
    secretBox,
    onSourceQueued: onKnowledgeSourceQueued,
    providerSettings: chat.engineConfig?.providers,
    checkProviderKey: chat.checkProviderKey,
  });
  const chatLimit = (name: string, points: number) =>
    createRateLimit(database, { name, points, durationSeconds: chatRateLimitWindowSeconds });
  return {
    database,
    logger,
    clientKey,
    rateLimits: {
      contact: createRateLimit(database, {
        name: "contact",
        points: contactRateLimit,
        durationSeconds: contactRateLimitWindowSeconds,
      }),
      chatVisitor: chatLimit("chat-visitor", chat.rateLimits?.visitor ?? 20),
      chatClient: chatLimit("chat-client", chat.rateLimits?.client ?? 120),
      chatBot: chatLimit("chat-bot", chat.rateLimits?.bot ?? 600),
      publicApi: chatLimit("public-api", publicApiRateLimit),
      personaPreview: chatLimit("persona-preview", chat.rateLimits?.personaPreview ?? 30),
      marketplaceSubmit: createRateLimit(database, {
        name: "marketplace-submit",
        points: marketplaceLimits.submitsPerHour,
        durationSeconds: 60 * 60,
      }),
      marketplaceClone: createRateLimit(database, {
        name: "marketplace-clone",
        points: marketplaceLimits.clonesPerHour,
        durationSeconds: 60 * 60,
      }),
      avatarUpload: createRateLimit(database, {
        name: "avatar-upload",
        points: personaExportRateLimits.avatarUploads ?? 20,
        durationSeconds: 60 * 60,
      }),
      personaCard: createRateLimit(database, {
        name: "persona-card",
        points: personaExportRateLimits.cardPdfs ?? 30,
        durationSeconds: 60 * 60,
      }),
      payments: createRateLimit(database, {
        name: "payments",
        points: billingLimits.paymentAttemptsPerHour,
        durationSeconds: 60 * 60,
      }),
    },
    engine,
    contact: {
      submit: (submission) =>
        submitContactMessage(
          { db: database.db, contactTo, hashIp, logger, onEmailQueued },
          submission,
        ),
    },
    avatars: {
      upload: (input) => uploadAvatar(db, input),
      get: (id) => getAvatar(db, id),
      sweepAnonymous: () => sweepAnonymousAvatars(db),
    },
    personaCards: {
      renderPdf: ({ persona, locale }) =>
        renderPersonaCardPdf({
          persona,
          locale,
          // An avatar deleted meanwhile: the card shows the initial instead.
          loadAvatar: (id) =>
            getAvatar(db, id).then(
              (avatar) => avatar.data,
              () => null,
            ),
        }),
    },
    marketplace: createMarketplace(db, { adminEmails }),
    notifications: createNotificationSettings({
      database,
      logger,
      vapidKeys,
      allowPrivatePushEndpoints: allowPrivateWebhooks,
      publicUrl,
      onEmailQueued,
    }),
    console: consoleServices,
    workspaces: createWorkspaceServices({ db, logger, publicUrl, onEmailQueued }),
    webhooks: createWebhookEndpoints({
      db,
      secretBox,
      allowPrivate: allowPrivateWebhooks,
      wake: onDeliveryQueued,
    }),
    deliverySenders: {
      webhook: createWebhookSender({ db, secretBox, allowPrivate: allowPrivateWebhooks }),
      line: createLineSender({
        db,
        logger,
        endpoints: lineEndpoints,
        loadConnection: (id) => lineCache.get(id),
        replyTokenMaxAgeMs: lineReplyTokenMaxAgeMs,
      }),
      ...(() => {
        const meta = createMetaSender({
          db,
          logger,
          endpoints: metaEndpoints,
          loadConnection: (id) => metaCache.get(id),
        });
        return { messenger: meta, instagram: meta };
      })(),
      tiktok: createTiktokSender({
        db,
        logger,
        endpoints: tiktokEndpoints,
        loadConnection: (id) => tiktokCache.get(id),
      }),
    },
    meta: {
      ...metaConnections,
      forget: (id) => metaCache.delete(id),
      verify: (request) =>
        verifyMetaSubscription({ db, loadConnection: (id) => metaCache.get(id) }, request),
      receive: (request) =>
        receiveMetaWebhook(
          {
            db,
            logger,
            loadConnection: (id) => metaCache.get(id),
            wake: onChannelEventQueued,
            verifiedConnections: metaVerified,
          },
          request,
        ),
      processEvent: createMetaEventProcessor({
        db,
        logger,
        events: domainEvents,
        endpoints: metaEndpoints,
        publicUrl,
        loadConnection: (id) => metaCache.get(id),
        loadChatBot: (botId) => loadChatBot(db, botId, secretBox),
        runTurn: (input) => runTurn(turnDeps, input),
        enqueue: enqueueChannelDeliveries,
      }),
    },
    tiktok: {
      ...tiktokConnections,
      forget: (id) => tiktokCache.delete(id),
      receive: (request) =>
        receiveTiktokWebhook(
          {
            db,
            logger,
            loadConnection: (id) => tiktokCache.get(id),
            wake: onChannelEventQueued,
            verifiedConnections: tiktokVerified,
          },
          request,
        ),
      processEvent: createTiktokEventProcessor({
        db,
        logger,
        events: domainEvents,
        endpoints: tiktokEndpoints,
        publicUrl,
        loadConnection: (id) => tiktokCache.get(id),
        loadChatBot: (botId) => loadChatBot(db, botId, secretBox),
        runTurn: (input) => runTurn(turnDeps, input),
        enqueue: enqueueChannelDeliveries,
      }),
    },
    line: {
      ...lineConnections,
      forget: (id) => lineCache.delete(id),
      receive: (request) =>
        receiveLineWebhook(
          {
            db,
            logger,
            loadConnection: (id) => lineCache.get(id),
            wake: onChannelEventQueued,
            verifiedConnections: lineVerified,
          },
          request,
        ),
      processEvent: createLineEventProcessor({
        db,
        logger,
        events: domainEvents,
        endpoints: lineEndpoints,
        publicUrl,
        loadConnection: (id) => lineCache.get(id),
        loadChatBot: (botId) => loadChatBot(db, botId, secretBox),
        runTurn: (input) => runTurn(turnDeps, input),
        enqueue: async (inputs) => {
          if ((await enqueueDeliveries(db, inputs)).length > 0) onDeliveryQueued();
        },
      }),
    },
    inbox: createInbox({
      db,
      logger,
      publicUrl,
      mediaKey,
      enqueue: async (inputs) => {
        if (inputs.length === 0 || (await enqueueDeliveries(db, inputs)).length > 0) {
          onDeliveryQueued();
        }
      },
      onNotificationQueued,
      events: domainEvents,
    }),
    mediaKey,
    channels: {
      ...channelConnections,
      // Saving in the console clears this instance's cached copy at once.
      updateWidget: async (ownerId, botId, input) => {
        const saved = await channelConnections.updateWidget(ownerId, botId, input);
        widgetCache.delete(botId);
        return saved;
      },
      rotateIdentitySecret: async (ownerId, botId) => {
        const rotated = await channelConnections.rotateIdentitySecret(ownerId, botId);
        widgetCache.delete(botId);
        return rotated;
      },
      loadWidget: (botId) => widgetCache.get(botId),
      widgetSessions: createWidgetSessions(secretKey),
    },
    accounts: createAccounts({
      database,
      logger,
      publicUrl,
      secretKey,
      clientKey,
      onEmailQueued,
      limits: authLimits,
      minimumEmailResponseMs: authMinimumEmailResponseMs,
      // Every new account starts its trial (and keeps the plan picked before signing up).
      onOwnerCreated: async (ownerId, requestedPlanId) => {
        await ensureOwnWorkspace(db, { id: ownerId });
        await consoleServices.plan.startTrial(ownerId, requestedPlanId);
      },
    }),
    bots: {
      getPublic: (botId) => getPublicBot(db, botId),
      loadForChat: (botId) => loadChatBot(db, botId, secretBox),
      seedDemoBot: () => seedDemoBot(db, { brandName: brand.name }),
    },
    chat: {
      runTurn: (input) => runTurn(turnDeps, input),
      listMessages: (input) => listConversationMessages(db, input),
      getAttachment: (input) => getAttachment(db, input),
      markInterruptedTurns: () =>
        database.kind === "pglite"
          ? markInterruptedTurns(db, { kind: "all" })
          : heartbeat.sweepDeadInstances(),
      activeTurns,
      heartbeat,
    },
    feedback: {
      record: (input) =>
        recordFeedback({ db, logger, events: domainEvents, onNotificationQueued }, input),
      csat: (input) => recordCsat({ db, logger, events: domainEvents }, input),
      recordAsOwner: (ownerId, conversationId, input) =>
        recordOwnerFeedback(
          { db, logger, events: domainEvents, onNotificationQueued },
          { ownerId, conversationId, input },
        ),
      csatAsOwner: (ownerId, conversationId, input) =>
        recordOwnerCsat({ db, logger, events: domainEvents }, { ownerId, conversationId, input }),
    },
    realtime: createRealtimeHub({ database, logger }),
    sheets: sheets ?? null,
    billing: createBilling({
      db,
      logger,
      provider: billingOptions?.provider ?? null,
      seller: billingOptions?.seller ?? defaultSeller,
      publicUrl,
      onEmailQueued,
    }),
    billingProvider: billingOptions?.provider ?? null,
    billingSeller: billingOptions?.seller ?? defaultSeller,
    onPaymentEventStored: billingOptions?.onPaymentEventStored ?? (() => {}),
  };
}
