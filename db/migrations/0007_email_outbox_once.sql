CREATE UNIQUE INDEX "email_outbox_once_idx" ON "email_outbox" USING btree ("tenant","kind","related_urn","to");--> statement-breakpoint
CREATE INDEX "email_outbox_tenant_idx" ON "email_outbox" USING btree ("tenant","created_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_kind_check" CHECK ("email_outbox"."kind" IN ('VOUCHER', 'CANCELLATION', 'RETURN_LEG', 'WEEKLY_REPORT'));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" IN ('QUEUED', 'SENT', 'FAILED', 'KEPT'));