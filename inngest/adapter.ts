import { NonRetriableError, type GetStepTools, type Inngest, type Logger } from "inngest";
import { DEFAULT_RETRIES, schemaOf, type AnyJob, type Concurrency, type JobEvent, type StepTools } from "@/lib/jobs/define";
import type { FailureData } from "@/lib/jobs/failure";
import { fromJobError } from "@/lib/jobs/errors";
import { withTimeout } from "@/lib/jobs/timing";

type Options = Parameters<Inngest["createFunction"]>[0];
type Retries = NonNullable<Options["retries"]>;
type InngestStep = GetStepTools<Inngest.Any>;
type InngestEvent = { id?: string; name: string; data: unknown; ts?: number };

/** Inngest's own step tools behind our StepTools shape (the step timeout wraps the function inside step.run). */
function stepTools(step: InngestStep, job: AnyJob): StepTools<any> {
  return {
    run: (id, fn, options) => step.run(id, () => withTimeout(id, options?.timeout ?? job.stepTimeout, fn)) as never,
    sleep: (id, duration) => step.sleep(id, duration),
    sleepUntil: (id, until) => step.sleepUntil(id, until),
    sendEvent: async (id, payload) => {
      const out = await step.sendEvent(id, payload as never);
      return { ids: out?.ids ?? [] };
    },
    waitForEvent: async (id, opts) => {
      const got = await step.waitForEvent(id, { event: opts.event, timeout: opts.timeout, ...(opts.match ? { match: opts.match } : {}) });
      return got ? { id: got.id, name: got.name, data: got.data, ts: got.ts } : null;
    },
  } as StepTools<any>;
}

function parseData(job: AnyJob, event: InngestEvent): unknown {
  const schema = schemaOf(job);
  const parsed = schema ? schema.safeParse(event.data) : { success: true as const, data: event.data };
  if (!parsed.success) throw new NonRetriableError(`event ${event.name} does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}

const asJobEvent = (event: InngestEvent, data: unknown, runId: string): JobEvent<unknown> => ({ id: event.id ?? runId, name: event.name, data, ts: event.ts ?? Date.now() });

type HandlerArgs = { event: InngestEvent; step: InngestStep; attempt: number; runId: string; logger: Logger };

/**
 * The onFailure handler Inngest calls with its function.failed event: the job's onFailure gets
 * the failed run's own event and the error, as under the embedded runner (lib/jobs/failure.ts).
 * Exported so a test can run it through Inngest's executor, which cannot reach an onFailure itself.
 */
export function failureHandler(job: AnyJob) {
  return async ({ event, step, attempt, runId, logger }: HandlerArgs) => {
    const failure = event.data as FailureData;
    const original = failure.event as InngestEvent;
    return job.onFailure!({
      event: asJobEvent(original, parseData(job, original), failure.run_id),
      error: fromJobError(failure.error),
      failedRunId: failure.run_id,
      step: stepTools(step, job),
      attempt,
      runId,
      logger,
    });
  };
}

const inngestConcurrency = (c: Concurrency) => ({ limit: c.limit, ...(c.key ? { key: c.key } : {}), ...(c.scope ? { scope: c.scope } : {}) });

/**
 * Turns a job definition into an Inngest function. The handler gets Inngest's own step tools
 * behind our StepTools shape, so the definition runs unchanged under Inngest and the embedded runner.
 */
export function toInngestFunction(client: Inngest, job: AnyJob) {
  return client.createFunction(
    {
      id: job.id,
      triggers: [job.cron ? { cron: job.cron } : { event: job.event }],
      retries: (job.retries ?? DEFAULT_RETRIES) as Retries,
      ...(job.concurrency ? { concurrency: "limit" in job.concurrency ? inngestConcurrency(job.concurrency) : [inngestConcurrency(job.concurrency[0]), inngestConcurrency(job.concurrency[1])] } : {}),
      ...(job.cancelOn?.length ? { cancelOn: job.cancelOn.map((c) => ({ event: c.event, match: c.match })) } : {}),
      ...(job.priority ? { priority: { run: String(job.priority) } } : {}),
      ...(job.onFailure ? { onFailure: failureHandler(job) as never } : {}),
    },
    async ({ event, step, attempt, runId, logger }) => {
      const data = job.cron ? event.data : parseData(job, event);
      return job.handler({ event: asJobEvent(event, data, runId), step: stepTools(step, job), attempt, runId, logger });
    },
  );
}
