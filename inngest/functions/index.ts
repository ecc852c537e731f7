import { inngest } from "@/inngest/client";
import { toInngestFunction } from "@/inngest/adapter";
import { jobs } from "@/lib/jobs/registry";

/** The registry as Inngest functions, for serve(). */
export const functions = jobs.map((job) => toInngestFunction(inngest, job));
