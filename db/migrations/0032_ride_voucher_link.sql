ALTER TABLE "ride_vouchers" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "ride_vouchers" ADD COLUMN "segment_urn" text;--> statement-breakpoint
ALTER TABLE "ride_vouchers" ADD COLUMN "cancel_reason" text;