CREATE TABLE "job_effects" (
	"key" text PRIMARY KEY NOT NULL,
	"function_id" text,
	"run_id" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"function_id" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_tick_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_events" ADD COLUMN "status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_events" ADD COLUMN "started_functions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "job_steps" ADD COLUMN "wait_event" text;--> statement-breakpoint
ALTER TABLE "job_steps" ADD COLUMN "wait_match" text;--> statement-breakpoint
ALTER TABLE "job_steps" ADD COLUMN "wait_value" jsonb;--> statement-breakpoint
CREATE INDEX "job_steps_waiting_idx" ON "job_steps" USING btree ("wait_event") WHERE status = 'WAITING';