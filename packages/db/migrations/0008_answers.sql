ALTER TABLE "bots" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "provider_error_kind" text;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "provider_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "memory" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "memory_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "memorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "embedding_model" text;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "synonyms" jsonb DEFAULT '[]'::jsonb NOT NULL;