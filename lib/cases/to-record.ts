import type { AllocationWaveRow, CaseRow, DemandRow, ReservationRow, ReviewItemRow } from "@/db/schema";
import { FlightJson, MoneyJson, NextFlightJson, parseJson, PaymentJson } from "@/db/schema/json";
import { toCaseDemand } from "@/lib/records/demand-record";
import type { RoomTotals } from "@/lib/records/room-totals";
import { ownKeyMap } from "@/lib/primitives";
import { toReviewItem } from "@/lib/records/review-item";
import type { OperationalStatus, Tier } from "@/lib/vocabulary";
import type { ManifestGroup } from "./manifest";
import { isIncomplete } from "./missing-fields";
import type { Case, PassengerGroup } from "./records";
import { caseDisruption } from "./disruption";
import { computeStay } from "./stay";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type CaseWave = Pick<AllocationWaveRow, "urn" | "demandUrn" | "status" | "allocations" | "held" | "totalCost" | "createdAt">;

export type CaseParts = {
  row: CaseRow;
  groups: ManifestGroup[];
  /** the latest wave's summary fields: never its ranking inputs (every offer considered, hundreds of KB) */
  wave: CaseWave | null;
  reservations: ReservationRow[];
  reviewItems: ReviewItemRow[];
  demands: DemandRow[];
  /** per demand: rooms allocated and booked (lib/records/room-totals.ts) */
  demandRooms?: Map<string, RoomTotals>;
  timeZone: string;
};

export function toPassengerGroup(g: ManifestGroup): PassengerGroup {
  return {
    groupId: g.groupId,
    pnr: g.pnr,
    tier: g.tier as Tier | null,
    mixedTier: g.mixedTier,
    dataIncomplete: isIncomplete(g.passengers),
    passengerIds: g.passengers.map((p) => p.passengerId),
    passengers: g.passengers.map((p) => ({
      id: p.passengerId,
      firstName: p.firstName,
      lastName: p.lastName,
      tier: p.tier as Tier | null,
      email: p.email,
      phone: p.phone,
      specialNeeds: p.specialNeeds,
      language: p.language ?? null,
      operationalStatus: p.operationalStatus as OperationalStatus,
      erasedAt: p.erasedAt?.toISOString() ?? null,
    })),
    rooms: g.rooms,
    // passenger ids are the caller's: "__proto__" must stay a key like any other
    operationalStatus: ownKeyMap(g.passengers.map((p) => [p.passengerId, p.operationalStatus as OperationalStatus] as const)),
    hotelUrn: g.hotelUrn,
    reservationUrn: g.reservationUrn,
  };
}

/** The fields of the case row itself, shared by the full record and the list summary. */
export function caseHeader(row: CaseRow) {
  return {
    urn: row.urn,
    externalEventId: row.externalEventId,
    mode: row.mode as Case["mode"],
    airport: row.airport,
    airline: row.airline,
    flight: parseJson(FlightJson, row.flight, `cases.flight of ${row.urn}`),
    nextFlight: parseJson(NextFlightJson.nullable(), row.nextFlight ?? null, `cases.next_flight of ${row.urn}`),
    disruption: caseDisruption(row),
    status: row.status as Case["status"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    revision: row.revision,
  };
}

/** The case record of contract part 4, assembled from its rows. */
export function toCaseRecord(parts: CaseParts): Case {
  const { row, groups, wave } = parts;
  return {
    ...caseHeader(row),
    stay: computeStay(row.flight, row.nextFlight ?? null, parts.timeZone),
    passengerCount: groups.reduce((n, g) => n + g.passengers.length, 0),
    roomsNeeded: groups.reduce((n, g) => n + g.rooms, 0),
    passengerGroups: groups.map(toPassengerGroup),
    wave: wave
      ? {
          urn: wave.urn,
          demandUrn: wave.demandUrn,
          status: wave.status,
          allocations: wave.allocations,
          held: wave.held,
          totalCost: wave.totalCost,
          createdAt: wave.createdAt.toISOString(),
        }
      : null,
    reservations: parts.reservations.map((r) => ({
      urn: r.urn,
      status: r.status,
      waveUrn: r.waveUrn,
      groupId: r.groupId,
      hotelUrn: r.hotelUrn,
      provider: r.provider,
      rooms: r.rooms,
      checkIn: r.checkIn.toISOString(),
      checkOut: r.checkOut.toISOString(),
      total: parseJson(MoneyJson, r.total, `reservations.total of ${r.urn}`),
      // the card token stays inside the service
      payment: { method: parseJson(PaymentJson, r.payment, `reservations.payment of ${r.urn}`).method },
      cancellationReason: r.cancellationReason,
      previousUrn: r.previousUrn,
      stayChange: r.stayChange,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    manualReviewItems: parts.reviewItems.map(toReviewItem),
    demands: parts.demands.map((d) => toCaseDemand(d, parts.demandRooms?.get(d.urn))),
    createdBy: row.createdBy,
    closedAt: iso(row.closedAt),
    closeReason: row.closeReason,
  };
}
