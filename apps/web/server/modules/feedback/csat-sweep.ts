import { analyticsLimits } from "@jai/contracts/analytics";
import { type Db, sql } from "@jai/db";
import { type DeliveryInput, enqueueDeliveries } from "../../jobs/enqueue-delivery";
import { createPollingWorker } from "../../jobs/polling-worker";
import type { Logger } from "../../logger";
import { replyWindows } from "../inbox/composer-state";
import { askCsat } from "./csat";

/** Conversations asked per round (one transaction). */
const batchSize = 50;
/**
 * How far back an idle conversation is still asked: a day (older ones were left long ago, and a
 * new deployment must not ask every conversation it ever had).
 */
const lookbackMs = 24 * 60 * 60 * 1000;

/**
 * Asks the CSAT question of conversations that went idle (the resolved ones are asked at once,
 * by the inbox): the bot's reply was the last message `analyticsLimits.csatIdleMinutes` ago (at
 * most a day ago), the customer wrote, the bot still handles it (a person's conversation is
 * asked when they resolve it), and it was never asked. Rows are chosen `FOR UPDATE SKIP LOCKED`
 * in one transaction per round, so instances share the work and a conversation being changed
 * is left for the next round; the chat apps' questions are queued in the same transaction.
 * The choice mirrors askCsat's rules (reply windows, reachable contact, active channel), so
 * what is chosen is asked and a round never spins on the same rows.
 */
export function createCsatSweep(options: {
  db: Db;
  logger: Logger;
  /** A chat-app conversation's question was queued as a delivery. */
  onDeliveryQueued?: () => void;
  pollIntervalMs?: number;
  now?: () => Date;
}) {
  const { db } = options;
  const now = options.now ?? (() => new Date());

  async function runOnce(): Promise<number> {
    const at = now();
    const idleSince = new Date(at.getTime() - analyticsLimits.csatIdleMinutes * 60_000);
    const oldest = new Date(at.getTime() - lookbackMs);
    const standardWindow = new Date(at.getTime() - replyWindows.standardMs);
    const tiktokWindow = new Date(at.getTime() - replyWindows.tiktokMs);
    let asked = 0;
    const queued: DeliveryInput[] = [];
    await db.transaction(async (tx) => {
      const due = await tx
        .execute<{ id: string }>(sql`
          select c.id from conversations c
          join contacts ct on ct.id = c.contact_id
          where c.csat_requested_at is null
            and c.status = 'bot'
            and c.last_message_sender = 'bot'
            and c.last_message_at <= ${idleSince.toISOString()}::timestamptz
            and c.last_message_at > ${oldest.toISOString()}::timestamptz
            and c.last_customer_message_at is not null
            and c.channel in ('web', 'widget', 'line', 'messenger', 'instagram', 'tiktok')
            and ct.opted_out_at is null
            and (c.channel not in ('messenger', 'instagram')
              or c.last_customer_message_at > ${standardWindow.toISOString()}::timestamptz)
            and (c.channel <> 'tiktok'
              or c.last_customer_message_at > ${tiktokWindow.toISOString()}::timestamptz)
            and (c.channel in ('web', 'widget') or exists (
              select 1 from channel_connections cc
              where cc.bot_id = c.bot_id and cc.channel = c.channel and cc.status = 'active'))
          order by c.last_message_at
          limit ${batchSize}
          for update of c skip locked`)
        .then((result) => result.rows);
      for (const { id } of due) {
        const result = await askCsat(tx, id, at);
        if (result.asked) asked++;
        if (result.delivery) queued.push(result.delivery);
      }
      if (queued.length > 0) await enqueueDeliveries(tx, queued);
    });
    if (queued.length > 0) options.onDeliveryQueued?.();
    // Rows asked, not rows chosen: a batch with some that could not be asked after all is not
    // full, so the next round waits for the poll instead of choosing them again at once.
    return asked;
  }

  const worker = createPollingWorker({
    name: "csat sweep",
    logger: options.logger,
    runOnce,
    batchSize,
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
    inFlightWork: "the questions in flight",
  });
  return { ...worker, runOnce };
}
