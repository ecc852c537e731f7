CREATE TABLE "fleet_shortfalls" (
	"tenant" text NOT NULL,
	"airport" text NOT NULL,
	"night" text NOT NULL,
	"mode" text NOT NULL,
	"case_urns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_item_urn" text,
	"capacity_asks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"without_fleet" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fleet_shortfalls_pk" PRIMARY KEY("tenant","airport","night","mode")
);
