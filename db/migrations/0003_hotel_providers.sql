CREATE TABLE "direct_bookings" (
	"reference" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"client_reference" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"check_in" text NOT NULL,
	"check_out" text NOT NULL,
	"rooms" integer NOT NULL,
	"nightly_rate" double precision NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_provider_refs" (
	"provider" text NOT NULL,
	"provider_hotel_id" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_provider_refs_provider_provider_hotel_id_pk" PRIMARY KEY("provider","provider_hotel_id")
);
--> statement-breakpoint
ALTER TABLE "direct_contracts" ADD COLUMN "accessible_rooms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "hotel_key" text;--> statement-breakpoint
ALTER TABLE "offer_cache" ADD COLUMN "check_in" text NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_cache" ADD COLUMN "check_out" text NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_cache" ADD COLUMN "occupancy" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_bookings_client_ref_idx" ON "direct_bookings" USING btree ("tenant","client_reference");--> statement-breakpoint
CREATE INDEX "hotel_provider_refs_hotel_idx" ON "hotel_provider_refs" USING btree ("hotel_urn");--> statement-breakpoint
CREATE UNIQUE INDEX "hotels_hotel_key_idx" ON "hotels" USING btree ("hotel_key");