import { z } from "zod";

/**
 * Every event the service emits, with its payload schema. Services emit through lib/jobs/emit.ts
 * (an outbox in their transaction); functions in inngest/functions subscribe by name.
 */
export const eventSchemas = {
  "case/created": z.object({ tenant: z.string(), caseUrn: z.string() }),
  // the next flight changed: the booking job extends or shortens reservations, or re-books
  "case/reaccommodated": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    previousNextFlight: z.object({ number: z.string(), scheduledDeparture: z.string() }).nullable(),
    nextFlight: z.object({ number: z.string(), scheduledDeparture: z.string() }),
    nights: z.number().int(),
    overnight: z.boolean(),
  }),
  "demand/approved": z.object({
    tenant: z.string(),
    caseUrn: z.string(),
    demandUrn: z.string(),
    policyUrn: z.string().nullable(),
    policyVersion: z.number().int().nullable(),
  }),
  "review/created": z.object({ tenant: z.string(), reviewUrn: z.string(), caseUrn: z.string() }),
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventPayload<N extends EventName> = z.input<(typeof eventSchemas)[N]>;
