import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { Demand, DemandDecisionBody, DemandInput, DemandSummary } from "@/lib/records/demand";

const CaseParams = z.object({ caseUrn: urnParam("case") });
const DemandParams = z.object({ demandUrn: urnParam("demand") });

export const createDemandRoute = defineRoute({
  method: "POST",
  path: "/demand/case/{caseUrn}",
  tag: "Demand",
  summary: "Create a demand",
  description:
    "Creates a demand for an open case: REQUESTED, or APPROVED at once by the automatic rule (spec 3.1), which " +
    "enqueues the allocation. Automatic approval needs, for every tier among the case's passengers, a matching " +
    "ACTIVE policy with autoApproveDemand; roomsRequested must be at most the smallest maxAutomaticRoomsPerWave " +
    "among them; for INCREMENTAL none may have incrementalRequiresApproval. The approval then records the policy " +
    "of the tier most of the case's passengers travel in (between tiers of as many, the first in pass order: FIRST, " +
    "BUSINESS, PREMIUM_ECONOMY, ECONOMY, CREW). One INITIAL per case " +
    "(unless rejected; else 409 INVALID_TRANSITION); INCREMENTAL only once an INITIAL is APPROVED, FULFILLED or " +
    "PARTIAL (else 409 INVALID_TRANSITION). A closed case: 409 CASE_CLOSED. roomsRequested may be omitted on an INITIAL " +
    "demand: it is then what the allocation would place — for a tier whose policy has care.requestRoomsFromCare, the rooms of " +
    "the waiting groups the case's newest care assessment owes a hotel (or a supervisor's override does); for other tiers, " +
    "every waiting group's rooms. When such a policy applies and no waiting group is owed a hotel: 409 NOTHING_OWED, the " +
    "reasons in words in detail, and no demand is written. An INCREMENTAL demand without roomsRequested: 422.",
  permission: "demand:create",
  sets: { status: ["REQUESTED", "APPROVED"] },
  params: CaseParams,
  body: DemandInput,
  response: Demand,
  status: 201,
  errors: [409, 422],
});

export const demandSummaryRoute = defineRoute({
  method: "GET",
  path: "/demand/case/{caseUrn}/summary",
  tag: "Demand",
  summary: "Get the demand summary of a case",
  description:
    "Rooms requested (demands not REJECTED), approved (APPROVED, FULFILLED, PARTIAL), allocated, booked " +
    "(CONFIRMED and CHECKED_OUT reservations), the shortfall max(0, approved − booked), the part of it no group waits for " +
    "(heldForLater: held as a block for passengers added later), and per category of the case's open review items the affected " +
    "groups and the rooms they need.",
  permission: "read",
  params: CaseParams,
  response: DemandSummary,
});

export const getDemandRoute = defineRoute({
  method: "GET",
  path: "/demand/{demandUrn}",
  tag: "Demand",
  summary: "Get a demand",
  description: "The demand record with its decision (who, when, why, against which policy version).",
  permission: "read",
  params: DemandParams,
  response: Demand,
});

export const approveDemandRoute = defineRoute({
  method: "POST",
  path: "/demand/{demandUrn}/approve",
  tag: "Demand",
  summary: "Approve a demand",
  description:
    "REQUESTED → APPROVED with the supervisor's reason and the policy version current at approval (null if no " +
    "ACTIVE policy matches the case); enqueues the allocation. The answer's heldForLater says how many approved rooms no " +
    "group waits for (held as a block for passengers added later). Any other status: 409 INVALID_TRANSITION; a closed " +
    "case: 409 CASE_CLOSED.",
  permission: "demand:decide",
  sets: { status: ["APPROVED"] },
  params: DemandParams,
  body: DemandDecisionBody,
  response: Demand,
  errors: [409],
});

export const rejectDemandRoute = defineRoute({
  method: "POST",
  path: "/demand/{demandUrn}/reject",
  tag: "Demand",
  summary: "Reject a demand",
  description: "REQUESTED → REJECTED with the supervisor's reason. Any other status: 409 INVALID_TRANSITION; a closed case: 409 CASE_CLOSED.",
  permission: "demand:decide",
  sets: { status: ["REJECTED"] },
  params: DemandParams,
  body: DemandDecisionBody,
  response: Demand,
  errors: [409],
});
