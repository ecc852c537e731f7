import type { AllocationWaveRow, CaseRow, DemandRow, ReservationRow, ReviewItemRow } from "@/db/schema";
import { toReviewItem } from "@/lib/review/to-record";
import type { ManifestGroup } from "./manifest";
import { isIncomplete } from "./missing-fields";
import type { Case, OperationalStatus, PassengerGroup, Tier } from "./schemas";
import { computeStay } from "./stay";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type CaseParts = {
  row: CaseRow;
  groups: ManifestGroup[];
  wave: AllocationWaveRow | null;
  reservations: ReservationRow[];
  reviewItems: ReviewItemRow[];
  demands: DemandRow[];
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
      operationalStatus: p.operationalStatus as OperationalStatus,
    })),
    rooms: g.rooms,
    operationalStatus: Object.fromEntries(g.passengers.map((p) => [p.passengerId, p.operationalStatus as OperationalStatus])),
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
    flight: row.flight,
    nextFlight: row.nextFlight ?? null,
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
      total: r.total,
      // the card token stays inside the service
      payment: { method: r.payment.method },
      cancellationReason: r.cancellationReason,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    manualReviewItems: parts.reviewItems.map(toReviewItem),
    demands: parts.demands.map((d) => ({
      urn: d.urn,
      type: d.type,
      roomsRequested: d.roomsRequested,
      status: d.status,
      automatic: d.automatic,
      decidedBy: d.decidedBy,
      decidedAt: iso(d.decidedAt),
      decisionReason: d.decisionReason,
      policyUrn: d.policyUrn,
      policyVersion: d.policyVersion,
      roomsAllocated: d.roomsAllocated,
      roomsBooked: d.roomsBooked,
      createdBy: d.createdBy,
      createdAt: d.createdAt.toISOString(),
    })),
    createdBy: row.createdBy,
    closedAt: iso(row.closedAt),
    closeReason: row.closeReason,
  };
}
