CREATE TABLE "billing_notices" (
	"owner_id" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notices_owner_id_key_pk" PRIMARY KEY("owner_id","key")
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"company_name" text,
	"address" text,
	"tax_id" text,
	"branch" text,
	"invoice_email" text,
	"withholds_tax" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'th' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"seller_tax_id" text NOT NULL,
	"series" text NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoice_counters_seller_tax_id_series_pk" PRIMARY KEY("seller_tax_id","series")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"series" text DEFAULT 'invoice' NOT NULL,
	"status" text NOT NULL,
	"number" text,
	"document_kind" text,
	"reason" text NOT NULL,
	"plan_id" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"seller" jsonb,
	"buyer" jsonb,
	"lines" jsonb NOT NULL,
	"subtotal_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"withholding_satang" bigint DEFAULT 0 NOT NULL,
	"credit_for_invoice_id" uuid,
	"due_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."subtotal_satang" + "invoices"."vat_satang" = "invoices"."total_satang")
);
--> statement-breakpoint
CREATE TABLE "monthly_contacts" (
	"owner_id" text NOT NULL,
	"month" date NOT NULL,
	"contact_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_contacts_owner_id_month_contact_id_pk" PRIMARY KEY("owner_id","month","contact_id")
);
--> statement-breakpoint
CREATE TABLE "monthly_usage" (
	"owner_id" text NOT NULL,
	"month" date NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"refused_turns" integer DEFAULT 0 NOT NULL,
	"notified_80_at" timestamp with time zone,
	"notified_100_at" timestamp with time zone,
	CONSTRAINT "monthly_usage_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"provider_charge_id" text,
	"amount_satang" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"prompt_pay" jsonb,
	"authorize_uri" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withholding_certificates" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "status" text DEFAULT 'trialing' NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "pending_plan_id" text;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "pending_billing_cycle" text;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "dunning_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_plans" ADD COLUMN "read_only_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_contacts" ADD CONSTRAINT "monthly_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_contacts" ADD CONSTRAINT "monthly_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_usage" ADD CONSTRAINT "monthly_usage_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withholding_certificates" ADD CONSTRAINT "withholding_certificates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_owner_id_created_at_idx" ON "invoices" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_seller_number_idx" ON "invoices" USING btree (("seller"->>'taxId'),"number") WHERE "invoices"."number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_pending_idx" ON "payment_events" USING btree ("next_attempt_at") WHERE "payment_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_charge_idx" ON "payments" USING btree ("provider","provider_charge_id") WHERE "payments"."provider_charge_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
-- Plans set before billing existed (by an operator: Enterprise is sold by sales) are active.
UPDATE "owner_plans" SET "status" = 'active' WHERE "plan_id" <> 'free';
