import type { SendResult } from "@jai/channels";
import type { DeliveryRow } from "@jai/db";

/**
 * Sends one delivery for its channel ("webhook", "line" …). Never throws for a failed send:
 * it says whether trying again may help (and after how long, when the receiver said).
 */
export type DeliverySender = {
  send(delivery: DeliveryRow, signal: AbortSignal): Promise<SendResult>;
};

/** Senders by the `channel` column of `deliveries`. */
export type DeliverySenders = Readonly<Record<string, DeliverySender>>;
