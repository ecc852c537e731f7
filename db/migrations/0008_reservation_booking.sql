DROP INDEX "reservations_idempotency_idx";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "hotel_name" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "confirmation_code" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "client_reference" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "attempts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "payment_authorization" text;--> statement-breakpoint
CREATE INDEX "reservations_status_check_out_idx" ON "reservations" USING btree ("status","check_out");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_idempotency_idx" ON "reservations" USING btree ("case_urn","wave_urn","group_id") WHERE "reservations"."status" IN ('PENDING', 'CONFIRMED', 'CHECKED_OUT');