import type { Db } from "@jai/db";
import type { Logger } from "../logger";
import { createRollupWorker } from "../modules/analytics/rollup-worker";
import { createInvoiceAttachmentResolver } from "../modules/billing/invoice-documents";
import { createPlanNoticesWorker, planNoticesJobName } from "../modules/billing/plan-notices-job";
import {
  createMemorySummarizer,
  type MemorySummarizer,
} from "../modules/conversations/memory-summarizer";
import { createCsatSweep } from "../modules/feedback/csat-sweep";
import { createInboxSweep } from "../modules/inbox/inbox-sweep";
import type { EmbeddingsConfig } from "../modules/knowledge/embeddings-config";
import { createEmbeddingsWorker } from "../modules/knowledge/embeddings-worker";
import {
  createNotificationsWorker,
  type NotificationsWorkerOptions,
} from "../modules/notifications/notifications-worker";
import { createSheetsWorker, type SheetsConfig } from "../modules/sheets/sheets-worker";
import { startAvatarSweeper } from "../services/avatars/avatar-sweeper";
import { createIngestionWorker } from "../services/console/knowledge/ingestion-worker";
import type { SecretBox } from "../services/console/secret-box";
import type { MailTransport } from "../services/mail/create-mail-transport";
import { createOutboxWorker } from "../services/mail/outbox-worker";
import { type ChannelEventProcessor, createChannelEventsWorker } from "./channel-events-worker";
import { createContactMemoryWorker } from "./contact-memory-worker";
import { createDeliveriesWorker } from "./deliveries-worker";
import type { DeliverySenders } from "./delivery-senders";
import { createPollingWorker } from "./polling-worker";
import { createJobs, type Job, type Jobs } from "./registry";

/** The names producers wake jobs by. */
export const jobNames = {
  emailOutbox: "email outbox",
  ingestion: "knowledge ingestion",
  avatarSweep: "avatar sweep",
  deliveries: "deliveries",
  channelEvents: "channel events",
  embeddings: "knowledge embeddings",
  contactMemory: "contact memory",
  notifications: "notifications",
  inboxSweep: "inbox sweep",
  analyticsRollups: "analytics rollups",
  csatSweep: "csat sweep",
  sheets: "google sheets",
  billingEvents: "billing events",
  billingRenewals: "billing renewals",
  planNotices: planNoticesJobName,
} as const;

export type AppJobsOptions = {
  db: Db;
  logger: Logger;
  mailTransport: MailTransport;
  /** Deletes unused anonymous avatars (services.avatars.sweepAnonymous). */
  sweepAvatars(): Promise<number>;
  /** Who sends each channel's deliveries. */
  senders: DeliverySenders;
  /** Who processes each channel's stored webhook events ("line"). */
  processors: Readonly<Record<string, ChannelEventProcessor>>;
  /** CHANNEL_EVENTS_CONCURRENCY: chat-app events processed at once per instance (4). */
  channelEventsConcurrency?: number;
  /** Gives knowledge chunks their embeddings (hybrid retrieval); none: no such job. */
  embeddings?: { config: EmbeddingsConfig; secretBox: SecretBox };
  /** Writes contacts' memory after a conversation (default: the rules only, no model). */
  summarizeMemory?: MemorySummarizer;
  /** Sends the team's alerts (email, browser, LINE staff group); none: no such job. */
  notifications?: Omit<NotificationsWorkerOptions, "db" | "logger" | "onEmailQueued">;
  /** Called when the inbox sweep queued an alert (a snoozed wait came back). */
  onNotificationQueued?: () => void;
  /** Google Sheets sync (GOOGLE_SHEETS_*); none: no such job. */
  sheets?: SheetsConfig;
  /** Plan notices (users per month at 80% / 100%, trial reminders); none: no such job. */
  planNotices?: { publicUrl: string };
  /** Payments: stored provider events, then renewals, dunning and PromptPay invoices. */
  billing?: { processEvents(): Promise<number>; runRenewals(): Promise<number> };
};

/**
 * Every background job of the service, declared in one place. Built before the services (their
 * producers wake jobs by name through `jobs.wake`), started after the server listens, stopped
 * after requests and turns are done.
 */
export function createAppJobs({
  db,
  logger,
  mailTransport,
  sweepAvatars,
  senders,
  processors,
  channelEventsConcurrency = 4,
  embeddings,
  summarizeMemory = createMemorySummarizer(),
  notifications,
  onNotificationQueued,
  sheets,
  billing,
  planNotices,
}: AppJobsOptions): Jobs {
  const outbox = createOutboxWorker({
    db,
    transport: mailTransport,
    logger,
    // Billing documents' PDFs, made when their email is sent.
    resolveAttachment: createInvoiceAttachmentResolver(db),
  });
  const ingestion = createIngestionWorker({ db, logger });
  const deliveriesWorker = createDeliveriesWorker({ db, logger, senders });
  const channelEvents = createChannelEventsWorker({
    db,
    logger,
    processors,
    batchSize: channelEventsConcurrency,
  });
  let sweeper: ReturnType<typeof startAvatarSweeper> | undefined;
  const list: Job[] = [
    { name: jobNames.emailOutbox, ...pick(outbox) },
    { name: jobNames.ingestion, ...pick(ingestion) },
    {
      name: jobNames.avatarSweep,
      start() {
        sweeper ??= startAvatarSweeper({ sweep: sweepAvatars, logger });
      },
      async stop() {
        await sweeper?.stop();
        sweeper = undefined;
      },
    },
    { name: jobNames.deliveries, ...pick(deliveriesWorker) },
    { name: jobNames.channelEvents, ...pick(channelEvents) },
    {
      name: jobNames.contactMemory,
      ...pick(createContactMemoryWorker({ db, logger, summarize: summarizeMemory })),
    },
  ];
  list.push({
    name: jobNames.inboxSweep,
    ...pick(createInboxSweep({ db, logger, onNotificationQueued })),
  });
  list.push({ name: jobNames.analyticsRollups, ...pick(createRollupWorker({ db, logger })) });
  list.push({
    name: jobNames.csatSweep,
    ...pick(createCsatSweep({ db, logger, onDeliveryQueued: () => deliveriesWorker.wake() })),
  });
  if (billing) {
    list.push({
      name: jobNames.billingEvents,
      ...pick(
        createPollingWorker({
          name: jobNames.billingEvents,
          logger,
          runOnce: () => billing.processEvents(),
          batchSize: 10,
          pollIntervalMs: 30_000,
          inFlightWork: "the payment events in flight",
        }),
      ),
    });
    list.push({
      name: jobNames.billingRenewals,
      ...pick(
        createPollingWorker({
          name: jobNames.billingRenewals,
          logger,
          runOnce: () => billing.runRenewals(),
          batchSize: 20,
          pollIntervalMs: 5 * 60_000,
          inFlightWork: "the renewals in flight",
        }),
      ),
    });
  }
  if (planNotices) {
    const worker = createPlanNoticesWorker({
      db,
      logger,
      publicUrl: planNotices.publicUrl,
      onEmailQueued: () => outbox.wake(),
    });
    list.push({ name: jobNames.planNotices, ...pick(worker) });
  }
  if (sheets) {
    list.push({
      name: jobNames.sheets,
      ...pick(createSheetsWorker({ db, logger, config: sheets })),
    });
  }
  if (embeddings) {
    const worker = createEmbeddingsWorker({ db, logger, ...embeddings });
    list.push({ name: jobNames.embeddings, ...pick(worker) });
  }
  if (notifications) {
    const worker = createNotificationsWorker({
      db,
      logger,
      ...notifications,
      // Alert emails leave through the outbox as soon as they are queued.
      onEmailQueued: () => outbox.wake(),
    });
    list.push({ name: jobNames.notifications, ...pick(worker) });
  }
  return createJobs(list, logger);
}

function pick(worker: {
  start(): void;
  stop(timeoutMs?: number): Promise<void>;
  wake(): void;
}): Omit<Job, "name"> {
  return {
    start: () => worker.start(),
    stop: (timeoutMs) => worker.stop(timeoutMs),
    wake: () => worker.wake(),
  };
}
