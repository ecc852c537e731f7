DROP INDEX "job_runs_due_idx";--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "lane" text;--> statement-breakpoint
CREATE INDEX "job_runs_claim_idx" ON "job_runs" USING btree ("due_at","id") WHERE status in ('QUEUED', 'SLEEPING', 'RETRYING') and lane is null;--> statement-breakpoint
CREATE INDEX "job_runs_lane_idx" ON "job_runs" USING btree ("lane","due_at") WHERE status in ('QUEUED', 'SLEEPING', 'RETRYING') and lane is not null;--> statement-breakpoint
CREATE INDEX "job_runs_running_idx" ON "job_runs" USING btree ("lane","locked_until") WHERE status = 'RUNNING';