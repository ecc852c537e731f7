import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { OverrideBody, RerunBody, Wave } from "@/lib/allocation/schemas";

const WaveParams = z.object({ waveUrn: urnParam("wave") });

export const getWaveRoute = defineRoute({
  method: "GET",
  path: "/allocation/wave/{waveUrn}",
  tag: "Allocation",
  summary: "Read an allocation wave",
  description:
    "One allocation run (spec 2.5): every candidate hotel per tier with raw and weighted scores and why it was " +
    "kept or dropped (`rankingInputs`), the groups placed (`allocations`, with the next-ranked fallbacks) and held " +
    "(`held`, with the cause and what would help), the total cost and the savings of direct contracts versus the " +
    "market, the hotel sources that answered or failed, and the policy versions used. 404 in another tenant; " +
    "403 OUT_OF_SCOPE outside the caller's airports.",
  permission: "read",
  params: WaveParams,
  response: Wave,
  errors: [404],
});

export const overrideWaveRoute = defineRoute({
  method: "POST",
  path: "/allocation/wave/{waveUrn}/override",
  tag: "Allocation",
  summary: "Move one group to another hotel",
  description:
    "Moves one group of the wave to another of the wave's candidate hotels for its tier, with a reason; a HELD " +
    "group becomes ALLOCATED, and the wave COMPLETE once no group is held (else it stays PARTIAL). No other group changes. The hotel must have the group's rooms left after the " +
    "wave's other placements, and an accessible room for a WHEELCHAIR passenger (else 422). Audited with the " +
    "hotel before and after; a group already booked elsewhere is re-booked. Answers the wave after the change. " +
    "A closed case: 409 CASE_CLOSED.",
  permission: "wave:write",
  params: WaveParams,
  body: OverrideBody,
  response: Wave,
  sets: { status: ["COMPLETE", "PARTIAL"], "passengers.operationalStatus": ["ALLOCATED"] },
  errors: [404, 409, 422],
});

export const rerunWaveRoute = defineRoute({
  method: "POST",
  path: "/allocation/wave/{waveUrn}/rerun",
  tag: "Allocation",
  summary: "Rerun the allocation",
  description:
    "Places again, as a new wave, the case's groups that are HELD or allocated but not yet booked: after a split, " +
    "an override, a relaxed policy or a cache invalidation. Body `{ reason }` (422 REASON_REQUIRED without one). " +
    "The new wave is COMPLETE, PARTIAL (some groups HELD) or FAILED (none placed); its placed passengers become " +
    "ALLOCATED. Earlier waves whose every group the new one covers become SUPERSEDED. Runs at once and answers 201 with the " +
    "new wave and its Location; 409 INVALID_TRANSITION when no group is waiting, 409 CASE_CLOSED on a closed case.",
  permission: "wave:write",
  params: WaveParams,
  body: RerunBody,
  response: Wave,
  status: 201,
  sets: { status: ["COMPLETE", "PARTIAL", "FAILED", "SUPERSEDED"], "passengers.operationalStatus": ["ALLOCATED", "HELD"] },
  errors: [404, 409],
});
