CREATE TABLE "analytics_contact_days" (
	"bot_id" text NOT NULL,
	"day" date NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"workspace_id" text,
	"is_new" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_contact_days_bot_id_day_contact_id_pk" PRIMARY KEY("bot_id","day","contact_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"bot_id" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"workspace_id" text,
	"conversations" integer DEFAULT 0 NOT NULL,
	"user_messages" integer DEFAULT 0 NOT NULL,
	"bot_messages" integer DEFAULT 0 NOT NULL,
	"human_messages" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"curated_hits" integer DEFAULT 0 NOT NULL,
	"handoffs" integer DEFAULT 0 NOT NULL,
	"first_human_replies" integer DEFAULT 0 NOT NULL,
	"first_human_reply_buckets" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"thumbs_up" integer DEFAULT 0 NOT NULL,
	"thumbs_down" integer DEFAULT 0 NOT NULL,
	"csat_count" integer DEFAULT 0 NOT NULL,
	"csat_sum" integer DEFAULT 0 NOT NULL,
	"response_buckets" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_milli_satang" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_hourly_bot_id_hour_channel_pk" PRIMARY KEY("bot_id","hour","channel")
);
--> statement-breakpoint
CREATE TABLE "analytics_questions" (
	"bot_id" text NOT NULL,
	"channel" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"question_key" text NOT NULL,
	"workspace_id" text,
	"asked" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"thumbs_down" integer DEFAULT 0 NOT NULL,
	"handoffs" integer DEFAULT 0 NOT NULL,
	"example" text NOT NULL,
	"language" text,
	CONSTRAINT "analytics_questions_bot_id_hour_channel_question_key_pk" PRIMARY KEY("bot_id","hour","channel","question_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_sources" (
	"bot_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"source_key" text NOT NULL,
	"title" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_sources_bot_id_hour_source_key_pk" PRIMARY KEY("bot_id","hour","source_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curated_answer_versions" (
	"curated_answer_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"question" text NOT NULL,
	"variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer" text NOT NULL,
	"language" text,
	"mode" text NOT NULL,
	"edited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curated_answer_versions_curated_answer_id_version_pk" PRIMARY KEY("curated_answer_id","version")
);
--> statement-breakpoint
CREATE TABLE "curated_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"question_key" text,
	"question" text NOT NULL,
	"variants" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer" text NOT NULL,
	"language" text,
	"mode" text DEFAULT 'verbatim' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curated_answers_mode_check" CHECK ("curated_answers"."mode" in ('verbatim', 'guide'))
);
--> statement-breakpoint
CREATE TABLE "improvement_dismissals" (
	"bot_id" text NOT NULL,
	"question_key" text NOT NULL,
	"dismissed_by" text,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "improvement_dismissals_bot_id_question_key_pk" PRIMARY KEY("bot_id","question_key")
);
--> statement-breakpoint
CREATE TABLE "message_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"bot_id" text NOT NULL,
	"workspace_id" text,
	"channel" text NOT NULL,
	"rating" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_feedback_rating_check" CHECK ("message_feedback"."rating" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "sheet_appends" (
	"sync_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"appended_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sheet_appends_sync_id_item_id_pk" PRIMARY KEY("sync_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "sheet_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"bot_id" text NOT NULL,
	"kind" text NOT NULL,
	"spreadsheet_id" text NOT NULL,
	"sheet_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"appended_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sheet_syncs_kind_check" CHECK ("sheet_syncs"."kind" in ('faqs', 'conversations', 'leads'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "csat_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "csat_score" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "csat_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "unanswered" boolean;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "curated_answer_id" uuid;--> statement-breakpoint
ALTER TABLE "analytics_contact_days" ADD CONSTRAINT "analytics_contact_days_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_contact_days" ADD CONSTRAINT "analytics_contact_days_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_questions" ADD CONSTRAINT "analytics_questions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_sources" ADD CONSTRAINT "analytics_sources_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curated_answer_versions" ADD CONSTRAINT "curated_answer_versions_curated_answer_id_curated_answers_id_fk" FOREIGN KEY ("curated_answer_id") REFERENCES "public"."curated_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curated_answer_versions" ADD CONSTRAINT "curated_answer_versions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curated_answers" ADD CONSTRAINT "curated_answers_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curated_answers" ADD CONSTRAINT "curated_answers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_dismissals" ADD CONSTRAINT "improvement_dismissals_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_dismissals" ADD CONSTRAINT "improvement_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_appends" ADD CONSTRAINT "sheet_appends_sync_id_sheet_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."sheet_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_syncs" ADD CONSTRAINT "sheet_syncs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_syncs" ADD CONSTRAINT "sheet_syncs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_contact_days_workspace_day_idx" ON "analytics_contact_days" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "analytics_hourly_workspace_hour_idx" ON "analytics_hourly" USING btree ("workspace_id","hour");--> statement-breakpoint
CREATE INDEX "analytics_questions_bot_key_idx" ON "analytics_questions" USING btree ("bot_id","question_key");--> statement-breakpoint
CREATE INDEX "curated_answers_bot_id_idx" ON "curated_answers" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "curated_answers_workspace_id_idx" ON "curated_answers" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_feedback_message_id_idx" ON "message_feedback" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_feedback_bot_id_created_at_idx" ON "message_feedback" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "message_feedback_updated_at_idx" ON "message_feedback" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sheet_syncs_bot_kind_idx" ON "sheet_syncs" USING btree ("bot_id","kind");--> statement-breakpoint
CREATE INDEX "sheet_syncs_next_run_at_idx" ON "sheet_syncs" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "conversations_csat_answered_at_idx" ON "conversations" USING btree ("csat_answered_at") WHERE "conversations"."csat_answered_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_csat_score_check" CHECK ("conversations"."csat_score" is null or "conversations"."csat_score" between 1 and 5);