-- Custom: wake-ups by NOTIFY (lib/jobs/listen.ts). Sent at commit of whatever may make a run due:
-- an outbox insert ('events': dispatch it), a run made or re-timed ('runs': claim, or reset the
-- timer to the next due time). Statement-level, so a batch of rows sends one notification.
CREATE OR REPLACE FUNCTION job_wake_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('das_jobs', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_events_wake AFTER INSERT ON job_events FOR EACH STATEMENT EXECUTE FUNCTION job_wake_notify('events');--> statement-breakpoint
CREATE TRIGGER job_runs_wake AFTER INSERT OR UPDATE OF next_run_at ON job_runs FOR EACH STATEMENT EXECUTE FUNCTION job_wake_notify('runs');
