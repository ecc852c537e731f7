import type { Ctx } from "@/lib/context";
import { caseSystems } from "@/lib/peers/case-systems";
import type { CaseMode } from "@/lib/vocabulary";

/**
 * Whether a case's messages may leave the service, as the case's resolved outside systems say
 * (lib/peers/case-systems.ts): only a LIVE case's do; a drill's or a shadow case's are written,
 * marked and KEPT. Queueing, resending and delivery all ask here. A message about no case
 * (a tenant-wide report) goes out.
 */
export async function messagesGoOut(ctx: Ctx, caseUrn: string | null): Promise<{ live: boolean; mode: CaseMode }> {
  if (!caseUrn) return { live: true, mode: "LIVE" };
  const { mode, messaging } = await caseSystems(ctx, caseUrn);
  return { live: messaging.send, mode };
}
