ALTER TABLE "allocation_waves" ADD COLUMN "trigger" text DEFAULT 'DEMAND' NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "airport" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "degraded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "offers_raw" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "offers_deduped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "engine_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD COLUMN "created_by" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_waves_idempotency_idx" ON "allocation_waves" USING btree ("tenant","idempotency_key");--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD CONSTRAINT "allocation_waves_trigger_check" CHECK ("allocation_waves"."trigger" IN ('DEMAND', 'RERUN', 'BATCH'));