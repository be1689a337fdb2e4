import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, type Database, migrate } from "@jai/db";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "./app";
import { createAppServer } from "./create-app-server";
import { EnvError, getEnv } from "./env";
import { loadStaticFiles } from "./http/static-files";
import { createStaticHandler } from "./http/static-handler";
import { createAppJobs, jobNames } from "./jobs";
import { releaseClaims } from "./jobs/channel-events-worker";
import { loadSecretKey } from "./load-secret-key";
import { createLogger, describeError } from "./logger";
import { processPaymentEvents } from "./modules/billing/billing-events";
import { sellerFromEnv } from "./modules/billing/invoice-documents";
import {
  createPaymentProvider,
  missingPaymentSettings,
} from "./modules/billing/providers/create-payment-provider";
import { runRenewals } from "./modules/billing/renewals";
import { metaEndpointsFor } from "./modules/channels/meta/meta-connections";
import { createEngineConfig, listSecrets } from "./modules/conversations/create-engine-config";
import { createMemorySummarizer } from "./modules/conversations/memory-summarizer";
import { createEmbeddingsConfig } from "./modules/knowledge/embeddings-config";
import { defaultVapidSubject, loadVapidKeys } from "./modules/notifications/vapid-keys";
import { createAppServices } from "./services/app-services";
import { createSecretBox } from "./services/console/secret-box";
import { createMailTransport } from "./services/mail/create-mail-transport";

async function main() {
  const env = getEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const isHttps = env.PUBLIC_URL.startsWith("https://");

  const database: Database = await createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  await migrate(database, {
    migrationsFolder: fileURLToPath(new URL("./migrations", import.meta.url)),
  });
  logger.info("database ready", { kind: database.kind });

  // After the database: on the embedded one, the data-directory lock is held by now.
  const secretKey = await loadSecretKey({
    configured: env.SECRET_KEY,
    dataDir: env.DATA_DIR,
    isShared: env.DATABASE_URL !== undefined,
    logger,
  });
  // Browser notifications: one VAPID key pair for the life of the data directory (or the env).
  const vapidKeys = await loadVapidKeys({
    configured: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
    subject: env.VAPID_SUBJECT ?? defaultVapidSubject(env.PUBLIC_URL, env.CONTACT_TO),
    dataDir: env.DATA_DIR,
    isShared: env.DATABASE_URL !== undefined,
    logger,
  });
  const mailDir =
    env.DATA_DIR === "memory"
      ? path.join(tmpdir(), "jai-mail")
      : path.resolve(env.DATA_DIR, "mail");
  const mailTransport = createMailTransport({
    smtpUrl: env.SMTP_URL,
    mailDir,
    from: env.MAIL_FROM,
  });
  if (mailTransport.kind === "file") {
    logger.info("SMTP_URL is not set: emails are written as .eml files", { directory: mailDir });
  }
  // Google Sheets: owners share sheets with this service account (both settings, or no Sheets).
  const sheets =
    env.GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL && env.GOOGLE_SHEETS_PRIVATE_KEY
      ? {
          serviceAccountEmail: env.GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL,
          privateKey: env.GOOGLE_SHEETS_PRIVATE_KEY,
          apiBaseUrl: env.GOOGLE_SHEETS_API_BASE_URL,
          tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
        }
      : undefined;
  // Payments: Omise by default, Stripe by BILLING_PROVIDER (none without keys); the invoices' seller.
  const billingProvider = createPaymentProvider(env);
  if (!billingProvider) {
    logger.info("online payment is not set up: the billing page shows plans without checkout", {
      provider: env.BILLING_PROVIDER,
      missing: missingPaymentSettings(env),
    });
  }
  const billingSeller = sellerFromEnv(env);
  // Every background job, declared in jobs/index.ts; started once the server listens.
  const jobs = createAppJobs({
    db: database.db,
    logger,
    mailTransport,
    sweepAvatars: () => services.avatars.sweepAnonymous(),
    onNotificationQueued: () => jobs.wake(jobNames.notifications),
    // The senders live with the services (built just below); called only once jobs run.
    senders: {
      webhook: {
        send: (delivery, signal) => services.deliverySenders.webhook!.send(delivery, signal),
      },
      line: {
        send: (delivery, signal) => services.deliverySenders.line!.send(delivery, signal),
      },
      messenger: {
        send: (delivery, signal) => services.deliverySenders.messenger!.send(delivery, signal),
      },
      instagram: {
        send: (delivery, signal) => services.deliverySenders.instagram!.send(delivery, signal),
      },
      tiktok: {
        send: (delivery, signal) => services.deliverySenders.tiktok!.send(delivery, signal),
      },
    },
    processors: {
      line: (event, signal) => services.line.processEvent(event, signal),
      messenger: (event, signal) => services.meta.processEvent(event, signal),
      instagram: (event, signal) => services.meta.processEvent(event, signal),
      tiktok: (event, signal) => services.tiktok.processEvent(event, signal),
    },
    channelEventsConcurrency: env.CHANNEL_EVENTS_CONCURRENCY,
    // Hybrid retrieval: chunks embedded by the bot's provider, or the server's Ollama.
    embeddings: { config: createEmbeddingsConfig(env), secretBox: createSecretBox(secretKey) },
    // Contacts' memory: each bot's own model (the owner's key when given), or the rules.
    summarizeMemory: createMemorySummarizer({
      engineConfig: createEngineConfig(env),
      secretBox: createSecretBox(secretKey),
      secrets: listSecrets(env),
    }),
    // The team's alerts: batched emails, browser notifications, the LINE staff group.
    notifications: {
      vapidKeys,
      lineEndpoints: {
        apiBaseUrl: env.LINE_API_BASE_URL,
        dataBaseUrl: env.LINE_DATA_API_BASE_URL,
      },
      secretBox: createSecretBox(secretKey),
      publicUrl: env.PUBLIC_URL,
      allowPrivatePushEndpoints: env.ALLOW_PRIVATE_WEBHOOKS === "1",
    },
    sheets,
    planNotices: { publicUrl: env.PUBLIC_URL },
    billing: {
      processEvents: () =>
        processPaymentEvents({
          db: database.db,
          logger,
          provider: billingProvider,
          seller: billingSeller,
          publicUrl: env.PUBLIC_URL,
          onEmailQueued: () => jobs.wake(jobNames.emailOutbox),
        }),
      runRenewals: () =>
        runRenewals({
          db: database.db,
          logger,
          billing: services.billing,
          publicUrl: env.PUBLIC_URL,
          onEmailQueued: () => jobs.wake(jobNames.emailOutbox),
        }),
    },
  });
  const services = createAppServices({
    database,
    logger,
    secretKey,
    contactTo: env.CONTACT_TO,
    contactRateLimit: env.CONTACT_RATE_LIMIT,
    onEmailQueued: () => jobs.wake(jobNames.emailOutbox),
    onKnowledgeSourceQueued: () => jobs.wake(jobNames.ingestion),
    publicUrl: env.PUBLIC_URL,
    adminEmails: env.ADMIN_EMAILS,
    authLimits: {
      clientAttempts: env.AUTH_CLIENT_RATE_LIMIT,
      emailsPerClient: env.AUTH_EMAIL_RATE_LIMIT,
    },
    chat: {
      engineConfig: createEngineConfig(env),
      embeddings: createEmbeddingsConfig(env),
      secrets: listSecrets(env),
      rateLimits: {
        visitor: env.CHAT_RATE_LIMIT,
        client: env.CHAT_CLIENT_RATE_LIMIT,
        bot: env.CHAT_BOT_RATE_LIMIT,
      },
    },
    publicApiRateLimit: env.PUBLIC_API_RATE_LIMIT,
    allowPrivateWebhooks: env.ALLOW_PRIVATE_WEBHOOKS === "1",
    onDeliveryQueued: () => jobs.wake(jobNames.deliveries),
    onChannelEventQueued: () => jobs.wake(jobNames.channelEvents),
    onNotificationQueued: () => jobs.wake(jobNames.notifications),
    lineEndpoints: {
      apiBaseUrl: env.LINE_API_BASE_URL,
      dataBaseUrl: env.LINE_DATA_API_BASE_URL,
    },
    metaEndpoints: metaEndpointsFor(env.META_GRAPH_API_BASE_URL, env.META_GRAPH_API_VERSION),
    tiktokEndpoints: { baseUrl: env.TIKTOK_API_BASE_URL },
    vapidKeys,
    sheets,
    billing: {
      provider: billingProvider,
      seller: billingSeller,
      onPaymentEventStored: () => jobs.wake(jobNames.billingEvents),
    },
  });
  // The LISTEN behind the inbox's and the customers' event streams.
  await services.realtime.start();
  const demoBot = await services.bots.seedDemoBot();
  if (demoBot !== "unchanged") logger.info(`demo bot ${demoBot}`, { path: "/bot/demo" });
  // Registered before the sweep and before any turn, so no other instance takes this one for dead.
  await services.chat.heartbeat.start();
  const interrupted = await services.chat.markInterruptedTurns();
  if (interrupted > 0) logger.warn("replies interrupted by a stop closed", { interrupted });
  if (database.kind === "pglite") {
    // One process owns the embedded database: what the last one left claimed is due again.
    const released = await releaseClaims(database.db);
    if (released.events + released.deliveries > 0) {
      logger.warn("work left claimed by a stop taken up again", released);
    }
  }

  const buildUrl = new URL("../server/index.js", import.meta.url);
  const build = (await import(buildUrl.href)) as ServerBuild;
  const staticFiles = await loadStaticFiles(fileURLToPath(new URL("../client/", import.meta.url)), {
    publicUrl: env.PUBLIC_URL,
  });

  const appServer = createAppServer({
    services,
    logger,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    createApp: (isShuttingDown) =>
      createApp({
        services,
        handleDocument: createRequestHandler(build, "production"),
        logger,
        isHttps,
        publicUrl: env.PUBLIC_URL,
        isShuttingDown,
        trustProxyHops: env.TRUST_PROXY_HOPS,
      }),
    handleStatic: createStaticHandler(staticFiles, { isHttps }),
    // Requests and turns are done by now; the workers finish their sends before the database
    // goes away.
    stopWorkers: async () => {
      await jobs.stop(env.SHUTDOWN_TIMEOUT_MS);
    },
  });
  await appServer.listen(env.PORT, env.HOST);
  logger.info("listening", { url: env.PUBLIC_URL, host: env.HOST, port: env.PORT });
  jobs.start();

  // SIGTERM: stop accepting, let requests and chat turns finish (bounded), cancel the rest and
  // store their partial replies, then stop the workers and close the database.
  const stop = (signal: string) =>
    appServer.shutdown(signal).then(
      () => {
        logger.info("shutdown complete");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error("error during shutdown", describeError(error));
        process.exit(1);
      },
    );
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("Jai failed to start:", error instanceof Error ? error.message : error);
    if (error instanceof Error && error.stack) console.error(error.stack);
  }
  process.exit(1);
});
