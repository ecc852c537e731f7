CREATE TABLE "tenants" (
	"code" text PRIMARY KEY NOT NULL,
	"urn" text NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_urn_unique" UNIQUE("urn")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"roles" jsonb NOT NULL,
	"airports" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"urn" text NOT NULL,
	"tenant" text NOT NULL,
	"name" text NOT NULL,
	"sub" text NOT NULL,
	"roles" jsonb NOT NULL,
	"airports" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_tokens_urn_unique" UNIQUE("urn")
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"iata" text PRIMARY KEY NOT NULL,
	"icao" text,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"external_event_id" text NOT NULL,
	"mode" text DEFAULT 'LIVE' NOT NULL,
	"airport" text NOT NULL,
	"airline" text NOT NULL,
	"flight" jsonb NOT NULL,
	"next_flight" jsonb,
	"status" text NOT NULL,
	"created_by" text NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passenger_groups" (
	"case_urn" text NOT NULL,
	"group_id" text NOT NULL,
	"tenant" text NOT NULL,
	"pnr" text NOT NULL,
	"tier" text,
	"mixed_tier" boolean DEFAULT false NOT NULL,
	"rooms" integer NOT NULL,
	"hotel_urn" text,
	"reservation_urn" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passenger_groups_case_urn_group_id_pk" PRIMARY KEY("case_urn","group_id")
);
--> statement-breakpoint
CREATE TABLE "passengers" (
	"case_urn" text NOT NULL,
	"passenger_id" text NOT NULL,
	"tenant" text NOT NULL,
	"group_id" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"tier" text,
	"email" text,
	"phone" text,
	"special_needs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operational_status" text DEFAULT 'AWAITING_ALLOCATION' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passengers_case_urn_passenger_id_pk" PRIMARY KEY("case_urn","passenger_id")
);
--> statement-breakpoint
CREATE TABLE "demands" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"type" text NOT NULL,
	"rooms_requested" integer NOT NULL,
	"status" text NOT NULL,
	"created_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"policy_urn" text,
	"policy_version" integer,
	"rooms_allocated" integer DEFAULT 0 NOT NULL,
	"rooms_booked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"name" text NOT NULL,
	"airport" text,
	"airline" text,
	"country" text,
	"tiers" jsonb NOT NULL,
	"context_key" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"body" jsonb NOT NULL,
	"provenance" jsonb,
	"created_by" text NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allocation_waves" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"demand_urn" text,
	"status" text NOT NULL,
	"policies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ranking_inputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allocations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"held" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cost" jsonb,
	"savings_vs_market" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_contracts" (
	"tenant" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"nightly_rate" double precision NOT NULL,
	"currency" text NOT NULL,
	"rooms_total" integer NOT NULL,
	"rooms_available" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_contracts_tenant_hotel_urn_pk" PRIMARY KEY("tenant","hotel_urn")
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"urn" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"chain_id" text,
	"address" text NOT NULL,
	"phone" text,
	"airport" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"stars" integer,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accepts_guarantee" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_cache" (
	"airport" text NOT NULL,
	"provider" text NOT NULL,
	"tenant" text NOT NULL,
	"offers" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_cache_tenant_airport_provider_pk" PRIMARY KEY("tenant","airport","provider")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"wave_urn" text NOT NULL,
	"group_id" text NOT NULL,
	"hotel_urn" text NOT NULL,
	"provider" text NOT NULL,
	"provider_offer_id" text,
	"provider_ref" text,
	"status" text NOT NULL,
	"rooms" integer NOT NULL,
	"check_in" timestamp with time zone NOT NULL,
	"check_out" timestamp with time zone NOT NULL,
	"total" jsonb NOT NULL,
	"payment" jsonb NOT NULL,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_segments" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"reservation_urns" jsonb NOT NULL,
	"direction" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"vehicle_type" text NOT NULL,
	"capacity" integer,
	"special_requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"vehicle" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"reservation_urn" text NOT NULL,
	"confirmation_code" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_reservation_urn_unique" UNIQUE("reservation_urn")
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"case_urn" text NOT NULL,
	"airport" text,
	"wave_urn" text,
	"reservation_urns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"state" text NOT NULL,
	"detail" text,
	"assigned_to" text,
	"attempted_hotels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"affected_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"sla_due_at" timestamp with time zone,
	"escalations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"entity" text NOT NULL,
	"entity_urn" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_id" text,
	"airport" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"related_urn" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_events" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"tenant" text,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"function_id" text NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"event" jsonb NOT NULL,
	"tenant" text,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"concurrency_key" text,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"output" jsonb,
	"error" jsonb,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_steps" (
	"run_id" text NOT NULL,
	"step_id" text NOT NULL,
	"op" text NOT NULL,
	"status" text NOT NULL,
	"output" jsonb,
	"error" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"wake_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_steps_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "service_tokens_tenant_idx" ON "service_tokens" USING btree ("tenant","created_at");--> statement-breakpoint
CREATE INDEX "airports_demo_idx" ON "airports" USING btree ("demo");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_tenant_event_idx" ON "cases" USING btree ("tenant","external_event_id");--> statement-breakpoint
CREATE INDEX "cases_tenant_created_idx" ON "cases" USING btree ("tenant","created_at","urn");--> statement-breakpoint
CREATE INDEX "cases_tenant_airport_status_idx" ON "cases" USING btree ("tenant","airport","status");--> statement-breakpoint
CREATE INDEX "passengers_case_group_idx" ON "passengers" USING btree ("case_urn","group_id");--> statement-breakpoint
CREATE INDEX "demands_case_idx" ON "demands" USING btree ("case_urn","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_context_version_idx" ON "policies" USING btree ("tenant","context_key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_one_active_idx" ON "policies" USING btree ("tenant","context_key") WHERE "policies"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "policies_tenant_status_idx" ON "policies" USING btree ("tenant","status");--> statement-breakpoint
CREATE INDEX "allocation_waves_case_idx" ON "allocation_waves" USING btree ("case_urn","created_at");--> statement-breakpoint
CREATE INDEX "hotels_airport_idx" ON "hotels" USING btree ("airport");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_idempotency_idx" ON "reservations" USING btree ("case_urn","wave_urn","group_id");--> statement-breakpoint
CREATE INDEX "reservations_tenant_case_idx" ON "reservations" USING btree ("tenant","case_urn","status");--> statement-breakpoint
CREATE INDEX "transport_segments_tenant_case_idx" ON "transport_segments" USING btree ("tenant","case_urn","status");--> statement-breakpoint
CREATE INDEX "review_items_queue_idx" ON "review_items" USING btree ("tenant","state","priority","created_at");--> statement-breakpoint
CREATE INDEX "review_items_case_idx" ON "review_items" USING btree ("case_urn");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_entries" USING btree ("tenant","entity_urn","urn");--> statement-breakpoint
CREATE INDEX "audit_kind_idx" ON "audit_entries" USING btree ("tenant","entity","urn");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "job_events_pending_idx" ON "job_events" USING btree ("dispatched_at","created_at");--> statement-breakpoint
CREATE INDEX "job_runs_due_idx" ON "job_runs" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "job_runs_function_idx" ON "job_runs" USING btree ("function_id","status","concurrency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_event_idx" ON "job_runs" USING btree ("event_id","function_id");--> statement-breakpoint
CREATE INDEX "job_runs_tenant_idx" ON "job_runs" USING btree ("tenant","id");