import { groupsCareEntries } from "@/lib/care/group-care";
import type { PassengerCare } from "@/lib/care/types";
import type { Ctx } from "@/lib/context";

export type TransportVerdict = { version: number; passengerId: string; owed: boolean };

/**
 * The TRANSPORT verdicts of the case's newest care assessment for the passengers in the group now
 * (groups may have been split or merged since the assessment stored theirs): one per passenger,
 * picked out in the database (lib/care/group-care.ts), so a job run per reservation of a meltdown
 * does not load the whole assessment each time. Empty before the first assessment.
 */
export async function transportVerdicts(ctx: Ctx, r: { tenant: string; caseUrn: string; groupId: string }): Promise<TransportVerdict[]> {
  return (await groupsTransportVerdicts(ctx, { tenant: r.tenant, caseUrn: r.caseUrn, groupIds: [r.groupId] })).get(r.groupId) ?? [];
}

/** The same for several groups of one case, in one read (a chunk's stays): a group with no verdict is absent. */
export async function groupsTransportVerdicts(ctx: Ctx, r: { tenant: string; caseUrn: string; groupIds: readonly string[] }): Promise<Map<string, TransportVerdict[]>> {
  const entries = await groupsCareEntries(ctx, r);
  return new Map([...entries].map(([groupId, list]) => [groupId, verdictsOf(list)]));
}

const verdictsOf = (entries: { version: number; care: PassengerCare }[]): TransportVerdict[] =>
  entries
    .map(({ version, care }) => ({ version, passengerId: care.passengerId, owed: care.entitlements.some((e) => e.kind === "TRANSPORT" && e.owed) }))
    .sort((a, b) => (a.passengerId < b.passengerId ? -1 : a.passengerId > b.passengerId ? 1 : 0));
