import { NonRetriableError, type Inngest } from "inngest";
import { DEFAULT_RETRIES, schemaOf, type AnyJob, type StepTools } from "@/lib/jobs/define";

type Retries = NonNullable<Parameters<Inngest["createFunction"]>[0]["retries"]>;

/**
 * Turns a job definition into an Inngest function. The handler gets Inngest's own step tools
 * behind our StepTools shape, so the definition runs unchanged under Inngest and the embedded runner.
 */
export function toInngestFunction(client: Inngest, job: AnyJob) {
  return client.createFunction(
    {
      id: job.id,
      triggers: [{ event: job.event }],
      retries: (job.retries ?? DEFAULT_RETRIES) as Retries,
      ...(job.concurrency ? { concurrency: { limit: job.concurrency.limit, ...(job.concurrency.key ? { key: job.concurrency.key } : {}) } } : {}),
    },
    async ({ event, step, attempt, runId, logger }) => {
      const schema = schemaOf(job);
      const parsed = schema ? schema.safeParse(event.data) : { success: true as const, data: event.data };
      if (!parsed.success) throw new NonRetriableError(`event ${event.name} does not match its schema: ${parsed.error.message}`);
      const tools: StepTools = {
        run: (id, fn) => step.run(id, fn) as never,
        sleep: (id, duration) => step.sleep(id, duration),
        sleepUntil: (id, until) => step.sleepUntil(id, until),
        sendEvent: async (id, payload) => {
          const out = await step.sendEvent(id, payload);
          return { ids: out?.ids ?? [] };
        },
      };
      return job.handler({
        event: { id: event.id ?? runId, name: event.name, data: parsed.data, ts: event.ts ?? Date.now() },
        step: tools,
        attempt,
        runId,
        logger,
      });
    },
  );
}
