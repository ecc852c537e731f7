import { z } from "zod";
import { DisruptionCause, DisruptionKind, FlightStatus, PaymentMethod, ReviewPriority, SpecialNeed, Tier } from "@/lib/vocabulary";

/**
 * The shapes of the jsonb columns, as stored. Each table types its column with `.$type<>()` from
 * these, and read paths call parseJson(): a row written by an older release or by hand that no
 * longer fits fails loudly, naming the row and column, instead of travelling on as a wrong type.
 * Shapes a domain owns in detail (a policy's body, a wave's allocations, a review item's attempted
 * hotels) are kept loose here (objects); the domain parses them with its own schema.
 */

export const FlightJson = z.object({
  number: z.string(),
  origin: z.string(),
  destination: z.string(),
  scheduledDeparture: z.string(),
  status: FlightStatus,
});
export type FlightJson = z.infer<typeof FlightJson>;

export const NextFlightJson = z.object({ number: z.string(), scheduledDeparture: z.string() });
export type NextFlightJson = z.infer<typeof NextFlightJson>;

export const DisruptionJson = z.object({
  kind: DisruptionKind,
  cause: DisruptionCause,
  announcedAt: z.string().optional(),
  description: z.string().optional(),
});
export type DisruptionJson = z.infer<typeof DisruptionJson>;

export const MoneyJson = z.object({ amount: z.number(), currency: z.string() });
export type MoneyJson = z.infer<typeof MoneyJson>;

export const PaymentJson = z.object({ method: PaymentMethod, cardToken: z.string().optional() });
export type PaymentJson = z.infer<typeof PaymentJson>;

export const StringsJson = z.array(z.string());
export const SpecialNeedsJson = z.array(SpecialNeed);
export const TiersJson = z.array(Tier);

/** An object whose fields the owning domain validates. */
export const ObjectJson = z.record(z.string(), z.unknown());
export const ObjectsJson = z.array(ObjectJson);

/** The policy version each tier of a wave was allocated under. */
export const WavePoliciesJson = z.array(z.object({ tier: Tier, policyUrn: z.string(), version: z.number().int() }));
export type WavePoliciesJson = z.infer<typeof WavePoliciesJson>;

/** A driver and a vehicle as the transport provider names them (plate, driver, phone …). */
export const VehicleJson = z.record(z.string(), z.string());

/** One field of an audit entry. */
export const FieldChangeJson = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChangeJson>;
export const FieldChangesJson = z.array(FieldChangeJson);

/** A tenant's settings; unknown keys are kept for settings added later. */
export const TenantSettingsJson = z
  .object({ slaMinutes: z.partialRecord(ReviewPriority, z.number().positive()).optional() })
  .loose();
export type TenantSettingsJson = z.infer<typeof TenantSettingsJson>;

/** A stored JSON value that does not fit its column's schema: a bug or a hand edit, never user input. */
export class StoredJsonError extends Error {
  constructor(
    readonly where: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`${where}: stored JSON does not match its schema: ${z.prettifyError({ issues } as z.ZodError)}`);
    this.name = "StoredJsonError";
  }
}

/**
 * Parses a jsonb value read from the database. `where` names it for the error, e.g.
 * "cases.flight of urn:svc:case:…". Returns the parsed value (defaults applied, unknown keys of
 * strict objects dropped).
 */
export function parseJson<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new StoredJsonError(where, result.error.issues);
  return result.data;
}
