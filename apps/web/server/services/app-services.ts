import type { Database } from "@jai/db";
import { createRateLimit, type RateLimit } from "../http/rate-limit";
import type { Logger } from "../logger";
import {
  type ContactSubmission,
  type SubmittedContactMessage,
  submitContactMessage,
} from "./contact/submit-contact-message";
import { createIpHasher } from "./create-ip-hasher";

/** What loaders, actions and API handlers share: built once at boot by main.ts. */
export type AppServices = {
  database: Database;
  logger: Logger;
  /** The key per-client limits count under: a keyed hash of the client's network, never its address. */
  clientKey(ip: string | undefined): string;
  rateLimits: {
    /** Contact form submissions per client (API and page form together). */
    contact: RateLimit;
  };
  contact: {
    /** Validates, stores and queues the email; throws AppError (see submitContactMessage). */
    submit(submission: ContactSubmission): Promise<SubmittedContactMessage>;
  };
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
};

export const contactRateLimitWindowSeconds = 10 * 60;

export function createAppServices({
  database,
  logger,
  secretKey,
  contactTo,
  contactRateLimit = 5,
  onEmailQueued,
}: AppServicesOptions): AppServices {
  const { hashIp, clientKey } = createIpHasher(secretKey);
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
    },
    contact: {
      submit: (submission) =>
        submitContactMessage(
          { db: database.db, contactTo, hashIp, logger, onEmailQueued },
          submission,
        ),
    },
  };
}
