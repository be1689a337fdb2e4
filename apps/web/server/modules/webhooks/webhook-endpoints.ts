import { randomUUID } from "node:crypto";
import { type WebhookEvent, webhookEvents } from "@jai/contracts/channels";
import { safeText } from "@jai/contracts/text";
import { z } from "@jai/contracts/zod";
import { and, type Db, deliveries, desc, eq, inArray, sql, webhookEndpoints } from "@jai/db";
import { AppError } from "../../http/errors";
import { redeliver } from "../../jobs/deliveries-worker";
import { enqueueDeliveries } from "../../jobs/enqueue-delivery";
import { parseInput } from "../../services/console/parse-input";
import type { SecretBox } from "../../services/console/secret-box";
import { isUuid } from "../conversations/is-uuid";
import type { DomainEvent, DomainEventSink } from "../events/domain-events";
import { vetWebhookTarget, WebhookTargetError } from "./ssrf-guard";
import { createWebhookSecret } from "./webhook-signature";

export const webhookLimits = {
  endpointsPerOwner: 10,
  urlMaxChars: 2000,
  descriptionMaxChars: 200,
  /** Deliveries listed per endpoint (the newest). */
  deliveriesListed: 50,
} as const;

const EndpointSchema = z.object({
  url: safeText().trim().min(1).max(webhookLimits.urlMaxChars),
  events: z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length),
  description: safeText().trim().max(webhookLimits.descriptionMaxChars).default(""),
  enabled: z.boolean().default(true),
});
const UpdateEndpointSchema = EndpointSchema.partial();

export type WebhookEndpointDto = {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string;
  enabled: boolean;
  createdAt: string;
};

export type WebhookDeliveryDto = {
  id: string;
  event: string;
  status: "pending" | "sending" | "delivered" | "dead";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string;
  deliveredAt: string | null;
  createdAt: string;
};

const toDto = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpointDto => ({
  id: row.id,
  url: row.url,
  events: row.events.filter((event): event is WebhookEvent =>
    (webhookEvents as readonly string[]).includes(event),
  ),
  description: row.description ?? "",
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

/** The body a receiver gets: `{ id, type, createdAt, data }`. */
function payloadOf(event: Pick<DomainEvent, "id" | "type" | "occurredAt" | "data">) {
  return { id: event.id, type: event.type, createdAt: event.occurredAt, data: event.data };
}

/**
 * An owner's outgoing webhooks: endpoints (URL, events, a secret shown once), their delivery
 * log, redelivery and a test event. Everything is the owner's own: anyone else's id is 404.
 */
export function createWebhookEndpoints({
  db,
  secretBox,
  allowPrivate,
  wake,
}: {
  db: Db;
  secretBox: SecretBox;
  /** ALLOW_PRIVATE_WEBHOOKS: http and private addresses allowed (tests, local development). */
  allowPrivate: boolean;
  /** Wakes the deliveries worker after queueing. */
  wake(): void;
}) {
  async function vet(url: string) {
    try {
      await vetWebhookTarget(url, { allowPrivate });
    } catch (error) {
      if (error instanceof WebhookTargetError) {
        throw new AppError("VALIDATION_FAILED", { fields: { url: error.problem } });
      }
      throw error;
    }
  }

  async function owned(ownerId: string, id: string) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)));
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  return {
    async list(ownerId: string): Promise<WebhookEndpointDto[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.ownerId, ownerId))
        .orderBy(desc(webhookEndpoints.createdAt));
      return rows.map(toDto);
    },

    /** Creates an endpoint; its secret is returned this once. */
    async create(ownerId: string, input: unknown) {
      const values = parseInput(EndpointSchema, input);
      await vet(values.url);
      const secret = createWebhookSecret();
      const row = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${ownerId}`}))`);
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.ownerId, ownerId));
        if (Number(count) >= webhookLimits.endpointsPerOwner) {
          throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "webhooks" } });
        }
        const [inserted] = await tx
          .insert(webhookEndpoints)
          .values({ ...values, ownerId, secretSealed: secretBox.seal(secret) })
          .returning();
        return inserted!;
      });
      return { ...toDto(row), secret };
    },

    async update(ownerId: string, id: string, input: unknown): Promise<WebhookEndpointDto> {
      await owned(ownerId, id);
      const values = parseInput(UpdateEndpointSchema, input);
      if (values.url) await vet(values.url);
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return toDto(row!);
    },

    async delete(ownerId: string, id: string): Promise<void> {
      await owned(ownerId, id);
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    /** A new secret, returned this once; the old one stops signing at once. */
    async rotateSecret(ownerId: string, id: string): Promise<{ secret: string }> {
      await owned(ownerId, id);
      const secret = createWebhookSecret();
      await db
        .update(webhookEndpoints)
        .set({ secretSealed: secretBox.seal(secret), updatedAt: new Date() })
        .where(eq(webhookEndpoints.id, id));
      return { secret };
    },

    /** Queues a `webhook.test` delivery to the endpoint. */
    async sendTest(ownerId: string, id: string): Promise<{ deliveryId: string }> {
      const endpoint = await owned(ownerId, id);
      const eventId = `webhook.test:${randomUUID()}`;
      const [deliveryId] = await enqueueDeliveries(db, [
        {
          kind: "webhook",
          channel: "webhook",
          targetId: endpoint.id,
          ownerId,
          event: "webhook.test",
          idempotencyKey: `${endpoint.id}:${eventId}`,
          payload: payloadOf({
            id: eventId,
            type: "webhook.test" as WebhookEvent,
            occurredAt: new Date().toISOString(),
            data: { message: "A test event from Jai." },
          }),
        },
      ]);
      wake();
      return { deliveryId: deliveryId! };
    },

    async listDeliveries(ownerId: string, id: string): Promise<WebhookDeliveryDto[]> {
      await owned(ownerId, id);
      const rows = await db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.targetId, id), eq(deliveries.kind, "webhook")))
        .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
        .limit(webhookLimits.deliveriesListed);
      return rows.map((row) => ({
        id: row.id,
        event: row.event,
        status: row.status,
        attempts: row.attempts,
        lastStatusCode: row.lastStatusCode,
        lastError: row.lastError,
        nextAttemptAt: row.nextAttemptAt.toISOString(),
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async redeliver(ownerId: string, id: string, deliveryId: string): Promise<void> {
      await owned(ownerId, id);
      if (!isUuid(deliveryId)) throw new AppError("NOT_FOUND");
      const done = await redeliver(db, deliveryId, eq(deliveries.targetId, id));
      if (!done) throw new AppError("NOT_FOUND");
      wake();
    },
  };
}

export type WebhookEndpoints = ReturnType<typeof createWebhookEndpoints>;

/**
 * The domain events' sink for outgoing webhooks: each event becomes one delivery per enabled
 * endpoint of the owner subscribed to its type (idempotency key: endpoint + event id).
 */
export function createWebhookEventSink({ db, wake }: { db: Db; wake(): void }): DomainEventSink {
  return {
    async publish(events) {
      if (events.length === 0) return;
      const owners = [...new Set(events.map((event) => event.ownerId))];
      const endpoints = await db
        .select({
          id: webhookEndpoints.id,
          ownerId: webhookEndpoints.ownerId,
          events: webhookEndpoints.events,
        })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, true), inArray(webhookEndpoints.ownerId, owners)));
      const queued = await enqueueDeliveries(
        db,
        events.flatMap((event) =>
          endpoints
            .filter(
              (endpoint) =>
                endpoint.ownerId === event.ownerId && endpoint.events.includes(event.type),
            )
            .map((endpoint) => ({
              kind: "webhook" as const,
              channel: "webhook",
              targetId: endpoint.id,
              ownerId: event.ownerId,
              botId: event.botId,
              event: event.type,
              idempotencyKey: `${endpoint.id}:${event.id}`,
              payload: payloadOf(event),
            })),
        ),
      );
      if (queued.length > 0) wake();
    },
  };
}
