CREATE TABLE "reports" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"body" jsonb NOT NULL,
	"generated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_tenant_period_idx" ON "reports" USING btree ("tenant","period_start");--> statement-breakpoint
CREATE INDEX "reports_tenant_created_idx" ON "reports" USING btree ("tenant","created_at");