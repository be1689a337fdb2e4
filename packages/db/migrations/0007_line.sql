CREATE TABLE "channel_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"bot_id" text NOT NULL,
	"channel" text NOT NULL,
	"event_id" text NOT NULL,
	"source_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_events_status_check" CHECK ("channel_events"."status" in ('pending', 'processing', 'done', 'dead'))
);
--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_mime_type_check";--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "webhook_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "signature_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "ignored_events" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_via" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_events_connection_id_event_id_idx" ON "channel_events" USING btree ("connection_id","event_id");--> statement-breakpoint
CREATE INDEX "channel_events_status_next_attempt_at_idx" ON "channel_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "channel_events_open_source_idx" ON "channel_events" USING btree ("connection_id","source_key","occurred_at") WHERE "channel_events"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_mime_type_check" CHECK ("attachments"."mime_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/gif') or "attachments"."mime_type" ~ '^(video|audio|application|text)/[a-z0-9.+-]{1,100}$');