CREATE TABLE "bots" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"persona_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"purpose" text,
	"ai_provider" text DEFAULT 'local' NOT NULL,
	"ai_model" text,
	"status" text DEFAULT 'active' NOT NULL,
	"knowledge_version" integer DEFAULT 1 NOT NULL,
	"seed_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bots_ai_provider_check" CHECK ("bots"."ai_provider" in ('local', 'openai', 'anthropic', 'google')),
	CONSTRAINT "bots_status_check" CHECK ("bots"."status" in ('active', 'paused')),
	CONSTRAINT "bots_id_check" CHECK ("bots"."id" ~ '^[A-Za-z0-9_-]{1,64}$')
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_mime_type_check" CHECK ("attachments"."mime_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/gif'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"visitor_id" uuid NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"bot_id" text NOT NULL,
	"sender" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"media" jsonb,
	"status" text DEFAULT 'completed' NOT NULL,
	"provider" text,
	"model" text,
	"input_tokens" integer,
	"output_tokens" integer,
	"first_token_ms" integer,
	"latency_ms" integer,
	"error_kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "messages_sender_check" CHECK ("messages"."sender" in ('user', 'bot', 'human')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('completed', 'streaming', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"source_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_key" text,
	"file_name" text,
	"mime_type" text,
	"byte_size" integer,
	"content_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_sources_kind_check" CHECK ("knowledge_sources"."kind" in ('text', 'faq', 'file')),
	CONSTRAINT "knowledge_sources_status_check" CHECK ("knowledge_sources"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"name" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"tone" text DEFAULT '' NOT NULL,
	"custom_tone" text DEFAULT '' NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"default_replies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faqs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"catchphrases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"context_instructions" text DEFAULT '' NOT NULL,
	"knowledge_base" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'english' NOT NULL,
	"custom_prompts" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'not_to_say' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personas_language_check" CHECK ("personas"."language" in ('english', 'spanish', 'french', 'german', 'thai', 'auto')),
	CONSTRAINT "personas_gender_check" CHECK ("personas"."gender" in ('male', 'female', 'not_to_say'))
);
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bots_owner_id_idx" ON "bots" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "bots_persona_id_idx" ON "bots" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "attachments_message_id_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "attachments_visitor_id_idx" ON "attachments" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "conversations_visitor_id_idx" ON "conversations" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "conversations_bot_id_created_at_idx" ON "conversations" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_created_at_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_bot_id_created_at_idx" ON "messages" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_token_hash_idx" ON "visitors" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "visitors_bot_id_idx" ON "visitors" USING btree ("bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_chunks_source_id_ordinal_idx" ON "knowledge_chunks" USING btree ("source_id","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_bot_id_idx" ON "knowledge_chunks" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_bot_id_idx" ON "knowledge_sources" USING btree ("bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_sources_bot_id_external_key_idx" ON "knowledge_sources" USING btree ("bot_id","external_key");--> statement-breakpoint
CREATE INDEX "personas_owner_id_idx" ON "personas" USING btree ("owner_id");