import { and, count, type Db, emailOutbox, eq, gt, sql } from "@jai/db";
import type { Logger } from "../../logger";
import { type AuthEmailInput, buildAuthEmail } from "./auth-emails";

export type EnqueueAuthEmailDeps = {
  db: Db;
  logger: Logger;
  /** Wakes the outbox worker once the email is committed. */
  onEmailQueued?: () => void;
  /** Account emails one address may receive per hour; more are dropped (mail bombing). */
  maxPerAddressPerHour?: number;
};

/** Retries of an account email: links expire within hours, so there is no point in longer. */
const authEmailMaxAttempts = 8;

/**
 * Queues an account email (verification, password reset …) in the same outbox as contact
 * emails: the request that asked for it never waits for SMTP, and the worker sends it or writes
 * it as an .eml file. The link (with its token) is only ever in the outbox row and the email,
 * never in a log line.
 */
export async function enqueueAuthEmail(
  { db, logger, onEmailQueued, maxPerAddressPerHour = 5 }: EnqueueAuthEmailDeps,
  to: string,
  input: AuthEmailInput,
): Promise<boolean> {
  const address = to.trim().toLowerCase();
  const [recent] = await db
    .select({ total: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, "auth"),
        eq(emailOutbox.toAddress, address),
        gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  if ((recent?.total ?? 0) >= maxPerAddressPerHour) {
    // The address itself is not logged: a flood is visible in email_outbox if needed.
    logger.warn("account email not queued: too many to one address this hour", {
      kind: input.kind,
    });
    return false;
  }
  const email = buildAuthEmail(input);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind: "auth",
      toAddress: address,
      subject: email.subject,
      textBody: email.text,
      maxAttempts: authEmailMaxAttempts,
    })
    .returning({ id: emailOutbox.id });
  logger.info("account email queued", { id: row?.id, kind: input.kind, locale: input.locale });
  onEmailQueued?.();
  return true;
}
