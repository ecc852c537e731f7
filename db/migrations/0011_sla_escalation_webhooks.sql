CREATE TABLE "webhook_deliveries" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"channel" text NOT NULL,
	"key" text NOT NULL,
	"subscription_urn" text,
	"event_type" text NOT NULL,
	"subject_urn" text,
	"airport" text,
	"url" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_channel_check" CHECK ("webhook_deliveries"."channel" IN ('ALERTING', 'SUBSCRIPTION')),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" IN ('PENDING', 'DELIVERED', 'FAILED', 'NO_CHANNEL'))
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"url" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"events" jsonb NOT NULL,
	"description" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_status_check" CHECK ("webhook_subscriptions"."status" IN ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "overdue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review_items" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_key_idx" ON "webhook_deliveries" USING btree ("tenant","key");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_tenant_idx" ON "webhook_deliveries" USING btree ("tenant","created_at");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_tenant_idx" ON "webhook_subscriptions" USING btree ("tenant","status");