CREATE TABLE "capacity_call_answers" (
	"call_urn" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"rooms" integer NOT NULL,
	"nightly_rate" double precision,
	"answered_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_call_answers_call_urn_hotel_urn_pk" PRIMARY KEY("call_urn","hotel_urn")
);
--> statement-breakpoint
CREATE TABLE "capacity_calls" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"airport" text NOT NULL,
	"date" text NOT NULL,
	"reason" text NOT NULL,
	"rooms_short" integer DEFAULT 0 NOT NULL,
	"hotel_urns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_inventory" (
	"tenant" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"date" text NOT NULL,
	"rooms" integer NOT NULL,
	"nightly_rate" double precision,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_inventory_tenant_hotel_urn_date_pk" PRIMARY KEY("tenant","hotel_urn","date")
);
--> statement-breakpoint
CREATE TABLE "reservation_reconfirmations" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"reservation_urn" text NOT NULL,
	"moment" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"provider_status" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_reconfirmations_moment_check" CHECK ("reservation_reconfirmations"."moment" IN ('AFTER_BOOKING', 'BEFORE_ARRIVAL')),
	CONSTRAINT "reservation_reconfirmations_status_check" CHECK ("reservation_reconfirmations"."status" IN ('SCHEDULED', 'HELD', 'WALKED', 'ERROR', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "stay_ratings" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"reservation_urn" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"source" text NOT NULL,
	"score" integer NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_ratings_source_check" CHECK ("stay_ratings"."source" IN ('PASSENGER', 'OPERATOR', 'HOTEL')),
	CONSTRAINT "stay_ratings_score_check" CHECK ("stay_ratings"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "review_items" DROP CONSTRAINT "review_items_category_check";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hotels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_contracts" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "walked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "walk_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "walk_detail" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hotel_confirmation" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hotel_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "arrival" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "arrival_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "capacity_call_answers" ADD CONSTRAINT "capacity_call_answers_call_urn_capacity_calls_urn_fk" FOREIGN KEY ("call_urn") REFERENCES "public"."capacity_calls"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_reconfirmations" ADD CONSTRAINT "reservation_reconfirmations_reservation_urn_reservations_urn_fk" FOREIGN KEY ("reservation_urn") REFERENCES "public"."reservations"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_ratings" ADD CONSTRAINT "stay_ratings_reservation_urn_reservations_urn_fk" FOREIGN KEY ("reservation_urn") REFERENCES "public"."reservations"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_calls_airport_idx" ON "capacity_calls" USING btree ("tenant","airport","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reservation_reconfirmations_moment_idx" ON "reservation_reconfirmations" USING btree ("reservation_urn","moment");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_ratings_one_per_source_idx" ON "stay_ratings" USING btree ("reservation_urn","source") WHERE "stay_ratings"."source" IN ('PASSENGER', 'HOTEL');--> statement-breakpoint
CREATE INDEX "stay_ratings_hotel_idx" ON "stay_ratings" USING btree ("tenant","hotel_urn");--> statement-breakpoint
CREATE INDEX "reservations_walked_idx" ON "reservations" USING btree ("tenant","walked_at") WHERE "reservations"."walked_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reservations_hotel_check_in_idx" ON "reservations" USING btree ("hotel_urn","check_in");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_walk_reason_check" CHECK ("reservations"."walk_reason" IN ('CANCELLED_BY_HOTEL', 'NOT_FOUND', 'OVERBOOKED', 'GUARANTEE_REFUSED', 'DECLINED_BY_HOTEL'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hotel_confirmation_check" CHECK ("reservations"."hotel_confirmation" IN ('CONFIRMED', 'DECLINED'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_arrival_check" CHECK ("reservations"."arrival" IN ('CHECKED_IN', 'NO_SHOW'));--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_category_check" CHECK ("review_items"."category" IN ('ALLOCATION_FAILED', 'BOOKING_FAILED', 'PAYMENT_FAILED', 'PARTIAL_FULFILLMENT', 'POLICY_VIOLATION', 'MIXED_TIER_GROUP', 'DATA_INCOMPLETE', 'TRANSPORT_UNASSIGNED', 'HOTEL_WALKED'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" IN ('VOUCHER', 'CANCELLATION', 'RETURN_LEG', 'STAY_CHANGED', 'REHOUSED', 'CHOICE_CONFIRMED', 'DECLINE_CONFIRMED', 'WEEKLY_REPORT', 'MEAL_VOUCHER', 'RIDE_VOUCHER', 'CAPACITY_CALL'));