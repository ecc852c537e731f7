CREATE TABLE "messages" (
	"urn" text PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"channel" text DEFAULT 'EMAIL' NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"case_urn" text,
	"related_urn" text,
	"version" integer DEFAULT 1 NOT NULL,
	"resend" integer DEFAULT 0 NOT NULL,
	"resend_reason" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"passenger_link" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"receipts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"send_after" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" IN ('EMAIL', 'SMS')),
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" IN ('VOUCHER', 'CANCELLATION', 'RETURN_LEG', 'STAY_CHANGED', 'REHOUSED', 'CHOICE_CONFIRMED', 'DECLINE_CONFIRMED', 'WEEKLY_REPORT')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" IN ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'KEPT'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"tenant" text NOT NULL,
	"phone" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- the email outbox becomes the one outbox of every channel: its rows are kept, as EMAIL messages
INSERT INTO "messages" ("urn", "tenant", "channel", "kind", "recipient", "case_urn", "related_urn", "subject", "html", "text", "status", "attempts", "last_error", "send_after", "sent_at", "created_at", "updated_at")
SELECT e."urn", e."tenant", 'EMAIL', e."kind", e."to", r."case_urn", e."related_urn", e."subject", e."html", e."text", e."status", e."attempts", e."last_error", e."send_after", e."sent_at", e."created_at", e."updated_at"
FROM "email_outbox" e LEFT JOIN "reservations" r ON r."urn" = split_part(e."related_urn", '#', 1);--> statement-breakpoint
DROP TABLE "email_outbox" CASCADE;--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_once_idx" ON "messages" USING btree ("tenant","channel","kind","related_urn","version","recipient","resend");--> statement-breakpoint
CREATE INDEX "messages_tenant_idx" ON "messages" USING btree ("tenant","created_at");--> statement-breakpoint
CREATE INDEX "messages_case_idx" ON "messages" USING btree ("case_urn","created_at");--> statement-breakpoint
CREATE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider_message_id") WHERE "messages"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_opt_outs_phone_idx" ON "sms_opt_outs" USING btree ("tenant","phone");