CREATE TABLE "channel_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_sealed" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_connections_channel_check" CHECK ("channel_connections"."channel" in ('widget', 'line', 'messenger', 'instagram', 'tiktok')),
	CONSTRAINT "channel_connections_status_check" CHECK ("channel_connections"."status" in ('active', 'paused', 'error'))
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"target_id" uuid NOT NULL,
	"owner_id" text,
	"bot_id" text,
	"event" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"last_status_code" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_kind_check" CHECK ("deliveries"."kind" in ('channel_message', 'webhook')),
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('pending', 'sending', 'delivered', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- visitors becomes contacts, keeping every row, id and token hash: a visitor's cookie still
-- finds its contact (channel 'web', external id = the token hash) and its conversations.
ALTER TABLE "visitors" RENAME TO "contacts";--> statement-breakpoint
ALTER TABLE "contacts" RENAME CONSTRAINT "visitors_pkey" TO "contacts_pkey";--> statement-breakpoint
ALTER TABLE "contacts" RENAME CONSTRAINT "visitors_bot_id_bots_id_fk" TO "contacts_bot_id_bots_id_fk";--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "token_hash" TO "external_id";--> statement-breakpoint
DROP INDEX "visitors_token_hash_idx";--> statement-breakpoint
DROP INDEX "visitors_bot_id_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_channel_check" CHECK ("contacts"."channel" in ('web', 'widget', 'api', 'line', 'messenger', 'instagram', 'tiktok'));--> statement-breakpoint
ALTER TABLE "attachments" RENAME COLUMN "visitor_id" TO "contact_id";--> statement-breakpoint
ALTER TABLE "attachments" RENAME CONSTRAINT "attachments_visitor_id_visitors_id_fk" TO "attachments_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER INDEX "attachments_visitor_id_idx" RENAME TO "attachments_contact_id_idx";--> statement-breakpoint
ALTER TABLE "conversations" RENAME COLUMN "visitor_id" TO "contact_id";--> statement-breakpoint
ALTER TABLE "conversations" RENAME CONSTRAINT "conversations_visitor_id_visitors_id_fk" TO "conversations_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER INDEX "conversations_visitor_id_idx" RENAME TO "conversations_contact_id_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "indexable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_bot_id_channel_idx" ON "channel_connections" USING btree ("bot_id","channel");--> statement-breakpoint
CREATE INDEX "channel_connections_owner_id_idx" ON "channel_connections" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_idempotency_key_idx" ON "deliveries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "deliveries_status_next_attempt_at_idx" ON "deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "deliveries_target_id_created_at_idx" ON "deliveries" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_owner_id_idx" ON "webhook_endpoints" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_bot_id_channel_external_id_idx" ON "contacts" USING btree ("bot_id","channel","external_id");--> statement-breakpoint
CREATE INDEX "contacts_bot_id_last_seen_at_idx" ON "contacts" USING btree ("bot_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "conversations_bot_id_updated_at_idx" ON "conversations" USING btree ("bot_id","updated_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_check" CHECK ("conversations"."channel" in ('web', 'widget', 'api', 'line', 'messenger', 'instagram', 'tiktok'));