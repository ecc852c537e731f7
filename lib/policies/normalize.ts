import type { DbOrTx } from "@/db/client";
import { airportFacts } from "@/lib/airport-facts";
import { invalid } from "@/lib/errors";
import { contextKeyOf } from "./context-key";
import { currencyOfCountry, DEFAULT_WEIGHTS, inPassOrder, type PolicyBody, type PolicyInput, type Tier } from "./schemas";

export type NormalizedPolicy = {
  name: string;
  airport: string | null;
  airline: string | null;
  country: string | null;
  tiers: Tier[];
  contextKey: string;
  body: PolicyBody;
  provenance: PolicyInput["provenance"] | null;
};

const DEFAULT_CURRENCY = "EUR";

/**
 * Checks what the schema cannot (the airport exists, the country and currency agree with it) and
 * fills the derived fields: currency from the context, consolidationWeight and allocationWeights
 * from each other, acceptedPayments in both places.
 */
export async function normalizePolicy(db: DbOrTx, input: PolicyInput): Promise<NormalizedPolicy> {
  const airport = input.context.airport ?? null;
  const airline = input.context.airline ?? null;
  const country = input.context.country ?? null;
  let currency: string;
  if (airport) {
    const row = await airportFacts(db, airport);
    if (!row) throw invalid(`Airport ${airport} is not a known IATA airport.`, [{ path: "context.airport", message: "unknown IATA airport code" }]);
    if (country && country !== row.country) {
      throw invalid(`Airport ${airport} is in ${row.country}, not ${country}.`, [{ path: "context.country", message: `must be ${row.country}, the airport's country, or absent` }]);
    }
    currency = row.currency;
  } else if (country) {
    currency = currencyOfCountry(country) ?? DEFAULT_CURRENCY;
  } else {
    currency = input.currency ?? DEFAULT_CURRENCY;
  }
  if (input.currency && input.currency !== currency) {
    throw invalid(`The currency of this policy derives from its context: ${currency}.`, [{ path: "currency", message: `must be ${currency} or absent` }]);
  }

  const tiers = inPassOrder(input.tiers);
  const acceptedPayments = input.acceptedPayments ?? input.constraints.acceptedPayments ?? ["GUARANTEE"];
  const allocationWeights = input.allocationWeights ?? { ...DEFAULT_WEIGHTS, consolidation: input.consolidationWeight ?? DEFAULT_WEIGHTS.consolidation };
  const body: PolicyBody = {
    constraints: { ...input.constraints, acceptedPayments },
    buffers: input.buffers,
    mode: input.mode,
    autoApproveDemand: input.autoApproveDemand,
    incrementalRequiresApproval: input.incrementalRequiresApproval,
    maxAutomaticRoomsPerWave: input.maxAutomaticRoomsPerWave,
    choiceMinutes: input.choiceMinutes,
    consolidationWeight: input.consolidationWeight ?? allocationWeights.consolidation,
    allocationWeights,
    transport: input.transport,
    care: input.care,
    reconfirmation: input.reconfirmation,
    capacityCall: input.capacityCall,
    acceptedPayments,
    cardToken: input.cardToken ?? null,
    currency,
  };
  return {
    name: input.name,
    airport,
    airline,
    country,
    tiers,
    contextKey: contextKeyOf({ airport, airline, country, tiers }),
    body,
    provenance: input.provenance ?? null,
  };
}
