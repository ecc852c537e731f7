ALTER TABLE "cases" ADD CONSTRAINT "cases_tenant_tenants_code_fk" FOREIGN KEY ("tenant") REFERENCES "public"."tenants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passenger_groups" ADD CONSTRAINT "passenger_groups_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_group_fk" FOREIGN KEY ("case_urn","group_id") REFERENCES "public"."passenger_groups"("case_urn","group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD CONSTRAINT "allocation_waves_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD CONSTRAINT "allocation_waves_demand_urn_demands_urn_fk" FOREIGN KEY ("demand_urn") REFERENCES "public"."demands"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_wave_urn_allocation_waves_urn_fk" FOREIGN KEY ("wave_urn") REFERENCES "public"."allocation_waves"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_segments" ADD CONSTRAINT "transport_segments_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_reservation_urn_reservations_urn_fk" FOREIGN KEY ("reservation_urn") REFERENCES "public"."reservations"("urn") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_case_urn_cases_urn_fk" FOREIGN KEY ("case_urn") REFERENCES "public"."cases"("urn") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_waves_demand_idx" ON "allocation_waves" USING btree ("demand_urn");--> statement-breakpoint
CREATE INDEX "reservations_wave_idx" ON "reservations" USING btree ("wave_urn");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_status_check" CHECK ("cases"."status" IN ('OPEN', 'ALLOCATING', 'BOOKING', 'ACCOMMODATED', 'MANUAL_REVIEW', 'CLOSED', 'REOPENED'));--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_mode_check" CHECK ("cases"."mode" IN ('LIVE', 'DRILL', 'SHADOW'));--> statement-breakpoint
ALTER TABLE "passenger_groups" ADD CONSTRAINT "passenger_groups_tier_check" CHECK ("passenger_groups"."tier" IN ('FIRST', 'BUSINESS', 'PREMIUM_ECONOMY', 'ECONOMY', 'CREW'));--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_tier_check" CHECK ("passengers"."tier" IN ('FIRST', 'BUSINESS', 'PREMIUM_ECONOMY', 'ECONOMY', 'CREW'));--> statement-breakpoint
ALTER TABLE "passengers" ADD CONSTRAINT "passengers_operational_status_check" CHECK ("passengers"."operational_status" IN ('AWAITING_ALLOCATION', 'ALLOCATED', 'HELD', 'BOOKED', 'CHECKED_OUT', 'LOCAL_RESIDENT', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_type_check" CHECK ("demands"."type" IN ('INITIAL', 'INCREMENTAL'));--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_status_check" CHECK ("demands"."status" IN ('REQUESTED', 'APPROVED', 'FULFILLED', 'PARTIAL', 'REJECTED'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_status_check" CHECK ("policies"."status" IN ('DRAFT', 'ACTIVE', 'ARCHIVED'));--> statement-breakpoint
ALTER TABLE "allocation_waves" ADD CONSTRAINT "allocation_waves_status_check" CHECK ("allocation_waves"."status" IN ('COMPLETE', 'PARTIAL', 'FAILED', 'SUPERSEDED'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" IN ('PENDING', 'CONFIRMED', 'CHECKED_OUT', 'CANCELLED', 'FAILED'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_provider_check" CHECK ("reservations"."provider" IN ('EXPEDIA_RAPID', 'HOTELBEDS', 'DIRECT'));--> statement-breakpoint
ALTER TABLE "transport_segments" ADD CONSTRAINT "transport_segments_direction_check" CHECK ("transport_segments"."direction" IN ('AIRPORT_TO_HOTEL', 'HOTEL_TO_AIRPORT'));--> statement-breakpoint
ALTER TABLE "transport_segments" ADD CONSTRAINT "transport_segments_vehicle_type_check" CHECK ("transport_segments"."vehicle_type" IN ('SHUTTLE', 'PRIVATE_CAR', 'TAXI', 'WHEELCHAIR_VAN'));--> statement-breakpoint
ALTER TABLE "transport_segments" ADD CONSTRAINT "transport_segments_status_check" CHECK ("transport_segments"."status" IN ('PLANNED', 'ASSIGNED', 'COMPLETED', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_category_check" CHECK ("review_items"."category" IN ('ALLOCATION_FAILED', 'BOOKING_FAILED', 'PAYMENT_FAILED', 'PARTIAL_FULFILLMENT', 'POLICY_VIOLATION', 'MIXED_TIER_GROUP', 'DATA_INCOMPLETE'));--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_priority_check" CHECK ("review_items"."priority" IN ('HIGH', 'MEDIUM', 'LOW'));--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_state_check" CHECK ("review_items"."state" IN ('OPEN', 'CLAIMED', 'RESOLVED'));