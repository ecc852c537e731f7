import { groupCareEntries } from "@/lib/care/group-care";
import type { Ctx } from "@/lib/context";

export type TransportVerdict = { version: number; passengerId: string; owed: boolean };

/**
 * The TRANSPORT verdicts of the case's newest care assessment for the passengers in the group now
 * (groups may have been split or merged since the assessment stored theirs): one per passenger,
 * picked out in the database (lib/care/group-care.ts), so a job run per reservation of a meltdown
 * does not load the whole assessment each time. Empty before the first assessment.
 */
export async function transportVerdicts(ctx: Ctx, r: { tenant: string; caseUrn: string; groupId: string }): Promise<TransportVerdict[]> {
  const entries = await groupCareEntries(ctx, r);
  return entries
    .map(({ version, care }) => ({ version, passengerId: care.passengerId, owed: care.entitlements.some((e) => e.kind === "TRANSPORT" && e.owed) }))
    .sort((a, b) => (a.passengerId < b.passengerId ? -1 : a.passengerId > b.passengerId ? 1 : 0));
}
