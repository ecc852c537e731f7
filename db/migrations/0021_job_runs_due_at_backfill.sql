-- Custom: runs made before due_at existed are due at their next_run_at (priority and lane are
-- reconciled with the live definitions by each runner at start, lib/jobs/reconcile.ts).
UPDATE "job_runs" SET "due_at" = "next_run_at" WHERE "due_at" IS NULL AND "status" IN ('QUEUED', 'SLEEPING', 'RETRYING', 'RUNNING');
