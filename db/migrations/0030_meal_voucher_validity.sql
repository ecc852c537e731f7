ALTER TABLE "meal_vouchers" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "meal_vouchers_provider_ref_idx" ON "meal_vouchers" USING btree ("provider_ref");