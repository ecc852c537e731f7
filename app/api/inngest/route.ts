// GET/POST/PUT /api/inngest – the Inngest serve endpoint: sync, introspection and step execution
import { serve } from "inngest/next";
import { toInngestFunction } from "@/inngest/adapter";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { outboxSafetyNet } from "@/inngest/outbox-safety-net";
import { problemResponse } from "@/lib/api/problem";
import { notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { jobMode } from "@/lib/config/job-mode";

// the outbox safety net is Inngest's alone: the embedded runner dispatches the outbox itself
const served = serve({ client: inngest, functions: [...functions, toInngestFunction(inngest, outboxSafetyNet)] });
type Handler = (req: Request, ctx: unknown) => Promise<Response>;

/**
 * Without an Inngest server (lib/config/job-mode.ts: no INNGEST_DEV, no Cloud keys) the embedded runner
 * executes the jobs and nothing may call in here: the SDK would answer 500 (cloud mode with no
 * signing key), so the endpoint says what it is, a 404 problem. With one, Inngest's own answers.
 */
function endpoint(method: "GET" | "POST" | "PUT"): Handler {
  return async (req, ctx) => {
    if (jobMode() === "embedded") {
      const path = new URL(req.url).pathname;
      return problemResponse(notFound("The Inngest endpoint (no Inngest server is configured: jobs run in the embedded runner)"), newId(), path);
    }
    return (served[method] as Handler)(req, ctx);
  };
}

export const GET = endpoint("GET");
export const POST = endpoint("POST");
export const PUT = endpoint("PUT");
