CREATE TABLE "care_assessments" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"version" integer NOT NULL,
	"trigger" text NOT NULL,
	"facts" jsonb NOT NULL,
	"passengers" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_vouchers" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"passenger_id" text NOT NULL,
	"seq" integer NOT NULL,
	"owed_from" timestamp with time zone NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_ref" text,
	"code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_amount" numeric(12, 2),
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"assessment_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meal_vouchers_status_check" CHECK ("meal_vouchers"."status" IN ('PENDING', 'ISSUED', 'REDEEMED', 'CANCELLED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "ride_vouchers" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"group_id" text NOT NULL,
	"reservation_urn" text NOT NULL,
	"direction" text NOT NULL,
	"reason" text NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"passengers" integer NOT NULL,
	"max_amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_ref" text,
	"code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_amount" numeric(12, 2),
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ride_vouchers_status_check" CHECK ("ride_vouchers"."status" IN ('PENDING', 'ISSUED', 'USED', 'CANCELLED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind_check";--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "disruption" jsonb;--> statement-breakpoint
ALTER TABLE "care_assessments" ADD CONSTRAINT "care_assessments_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_vouchers" ADD CONSTRAINT "meal_vouchers_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_vouchers" ADD CONSTRAINT "ride_vouchers_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_assessments_case_version_idx" ON "care_assessments" USING btree ("case_urn","version");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_vouchers_once_idx" ON "meal_vouchers" USING btree ("case_urn","passenger_id","seq");--> statement-breakpoint
CREATE INDEX "meal_vouchers_tenant_status_idx" ON "meal_vouchers" USING btree ("tenant","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ride_vouchers_once_idx" ON "ride_vouchers" USING btree ("reservation_urn","direction");--> statement-breakpoint
CREATE INDEX "ride_vouchers_case_idx" ON "ride_vouchers" USING btree ("case_urn");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" IN ('VOUCHER', 'CANCELLATION', 'RETURN_LEG', 'STAY_CHANGED', 'REHOUSED', 'CHOICE_CONFIRMED', 'DECLINE_CONFIRMED', 'WEEKLY_REPORT', 'MEAL_VOUCHER', 'RIDE_VOUCHER'));