CREATE TABLE "case_policy_overlays" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"review_urn" text,
	"fields" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_policy_overlays" ADD CONSTRAINT "case_policy_overlays_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_policy_overlays_case_idx" ON "case_policy_overlays" USING btree ("tenant","case_urn","created_at");