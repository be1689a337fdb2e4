import type { Db } from "@jai/db";
import type { Logger } from "../logger";
import {
  type MemorizeOptions,
  memorizeIdleConversations,
} from "../modules/conversations/memorize-conversations";
import type { MemorySummarizer } from "../modules/conversations/memory-summarizer";
import { createPollingWorker } from "./polling-worker";

export type ContactMemoryWorkerOptions = {
  db: Db;
  logger: Logger;
  /** The bot's model, or the rules (see memory-summarizer.ts). */
  summarize: MemorySummarizer;
  /** A round every minute: a conversation is summarised within a minute of going quiet. */
  pollIntervalMs?: number;
} & Pick<MemorizeOptions, "idleMs" | "maxAgeMs" | "batchSize">;

export type ContactMemoryWorker = {
  start(): void;
  wake(): void;
  /** One round (the tests' tick): claims and summarises; resolves with how many it claimed. */
  runOnce(options?: Pick<MemorizeOptions, "now">): Promise<number>;
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * The job that keeps contacts' long-term memory: every minute it summarises conversations quiet
 * for 30 minutes into their contact's memory (memorize-conversations.ts). At most `batchSize`
 * conversations a round, one at a time, so a bot's model is never called in bursts; a full
 * round is followed by another at once.
 */
export function createContactMemoryWorker({
  db,
  logger,
  summarize,
  pollIntervalMs = 60_000,
  batchSize = 10,
  idleMs,
  maxAgeMs,
}: ContactMemoryWorkerOptions): ContactMemoryWorker {
  let stopping = new AbortController();
  const runOnce = (options: Pick<MemorizeOptions, "now"> = {}) =>
    memorizeIdleConversations(
      { db, logger, summarize, signal: stopping.signal },
      { idleMs, maxAgeMs, batchSize, ...options },
    );
  const loop = createPollingWorker({
    name: "contact memory",
    logger,
    runOnce: () => runOnce(),
    batchSize,
    pollIntervalMs,
    inFlightWork: "the memory summaries in flight",
  });
  return {
    start() {
      if (stopping.signal.aborted) stopping = new AbortController();
      loop.start();
    },
    wake: () => loop.wake(),
    runOnce,
    async stop(timeoutMs) {
      await loop.stop(timeoutMs);
      // A summary still in flight stops; its conversation is summarised again after a restart.
      stopping.abort();
    },
  };
}
