import type { ConversationChannel, WebhookEvent } from "@jai/contracts/channels";

/**
 * What happened in the product, as the outside world hears of it (outgoing webhooks today; the
 * inbox and notifications later). Producers publish after their rows are stored; the sink turns
 * each event into deliveries for the owner's subscribed endpoints.
 */
export type DomainEvent = {
  type: WebhookEvent;
  ownerId: string;
  botId: string;
  /** Unique per event: the delivery's idempotency key is built from it and the endpoint. */
  id: string;
  occurredAt: string;
  /** The event's JSON body (`data` in the webhook payload). */
  data: Record<string, unknown>;
};

export type DomainEventSink = {
  /** Queues the events for delivery; never throws for a delivery problem (it logs). */
  publish(events: readonly DomainEvent[]): Promise<void>;
};

/** A sink that drops everything (tests, and before webhooks are wired). */
export const noDomainEvents: DomainEventSink = { publish: async () => {} };

/** The channel a conversation or contact event happened on. */
export type EventChannel = ConversationChannel;
