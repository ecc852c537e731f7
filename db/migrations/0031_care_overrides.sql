CREATE TABLE "care_overrides" (
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"group_id" text NOT NULL,
	"kinds" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_overrides" ADD CONSTRAINT "care_overrides_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_overrides_case_group_idx" ON "care_overrides" USING btree ("case_urn","group_id");