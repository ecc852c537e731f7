ALTER TABLE "review_items" DROP CONSTRAINT "review_items_category_check";--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "airport" text;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "hotel_urn" text;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "passengers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "passenger_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "pickup_location" text;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "dropoff_location" text;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "origin" text DEFAULT 'PLANNER' NOT NULL;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
CREATE INDEX "transport_segments_tenant_airport_time_idx" ON "transport_segments" USING btree ("tenant","airport","scheduled_at");--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_category_check" CHECK ("review_items"."category" IN ('ALLOCATION_FAILED', 'BOOKING_FAILED', 'PAYMENT_FAILED', 'PARTIAL_FULFILLMENT', 'POLICY_VIOLATION', 'MIXED_TIER_GROUP', 'DATA_INCOMPLETE', 'TRANSPORT_UNASSIGNED'));