DROP INDEX "reservations_idempotency_idx";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "previous_urn" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "stay_change" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_previous_idx" ON "reservations" USING btree ("previous_urn") WHERE "reservations"."status" IN ('PENDING', 'CONFIRMED', 'CHECKED_OUT') AND "reservations"."previous_urn" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_idempotency_idx" ON "reservations" USING btree ("case_urn","wave_urn","group_id") WHERE "reservations"."status" IN ('PENDING', 'CONFIRMED', 'CHECKED_OUT') AND "reservations"."previous_urn" IS NULL;--> statement-breakpoint
ALTER TABLE "demands" DROP COLUMN "rooms_allocated";--> statement-breakpoint
ALTER TABLE "demands" DROP COLUMN "rooms_booked";--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_stay_change_check" CHECK ("reservations"."stay_change" IN ('CONTINUATION', 'REPLACEMENT'));