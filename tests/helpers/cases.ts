import { POST as createCaseHandler } from "@/app/api/v1/cases/route";
import type { Role } from "@/lib/auth/roles";
import { call, tokenFor } from "./api";

let seq = 0;

// names and tier may be missing: POST /cases accepts them and raises DATA_INCOMPLETE
export type PassengerInput = {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  tier?: string | null;
  email?: string | null;
  phone?: string | null;
  specialNeeds?: string[];
  language?: string | null;
};
export type GroupInput = { groupId?: string; pnr: string; passengers: PassengerInput[] };

export function pax(id: string, tier = "ECONOMY", extra: Partial<PassengerInput> = {}): PassengerInput {
  return { id, firstName: `First${id}`, lastName: `Last${id}`, tier, email: `${id.toLowerCase()}@example.com`, ...extra };
}

/** A valid create payload: CDG → JFK, cancelled; two economy groups and one crew group. */
export function casePayload(over: Record<string, unknown> = {}) {
  seq++;
  return {
    externalEventId: `evt-${Date.now()}-${seq}-${Math.random().toString(36).slice(2)}`,
    flight: { number: "AF1234", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
    nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-22T09:30:00Z" },
    passengerGroups: [
      { pnr: `PNR${seq}A`, passengers: [pax(`P${seq}-1`), pax(`P${seq}-2`), pax(`P${seq}-3`)] },
      { pnr: `PNR${seq}B`, passengers: [pax(`P${seq}-4`, "BUSINESS")] },
      { groupId: `CREW${seq}`, pnr: `CRW${seq}`, passengers: [pax(`C${seq}-1`, "CREW"), pax(`C${seq}-2`, "CREW")] },
    ] as GroupInput[],
    ...over,
  };
}

export async function roleToken(tenant: string, role: Role, airports: string[] = ["*"], sub?: string) {
  return tokenFor({ tenant, roles: [role], airports, ...(sub ? { sub } : {}) });
}

/** Creates a case through the API and returns its record (throws unless 201). */
export async function createCase(token: string, payload: Record<string, unknown> = casePayload()) {
  const res = await call(createCaseHandler, "/cases", { token, body: payload });
  if (res.status !== 201) throw new Error(`create case: ${res.status} ${res.text}`);
  return res.json;
}
