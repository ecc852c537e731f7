DROP INDEX "ride_vouchers_once_idx";--> statement-breakpoint
ALTER TABLE "transport_segments" ADD COLUMN "fleet_refusal" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_vouchers_once_idx" ON "ride_vouchers" USING btree ("reservation_urn","direction") WHERE status <> 'CANCELLED';