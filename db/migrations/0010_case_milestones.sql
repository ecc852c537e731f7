CREATE TABLE "case_milestones" (
	"case_urn" text NOT NULL,
	"tenant" text NOT NULL,
	"milestone" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	CONSTRAINT "case_milestones_case_urn_milestone_pk" PRIMARY KEY("case_urn","milestone"),
	CONSTRAINT "case_milestones_milestone_check" CHECK ("case_milestones"."milestone" IN ('INTAKE_ACKNOWLEDGED', 'FIRST_WAVE', 'FIRST_VOUCHER', 'ALL_HOUSED'))
);
--> statement-breakpoint
ALTER TABLE "case_milestones" ADD CONSTRAINT "case_milestones_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;