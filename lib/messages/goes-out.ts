import type { Ctx } from "@/lib/context";
import { caseMode } from "@/lib/drills/mode";
import type { CaseMode } from "@/lib/vocabulary";

/**
 * The one check of whether a case's messages may leave the service: only a LIVE case's do; a
 * drill's or a shadow case's are written, marked and KEPT. Queueing and delivery both ask here (and
 * nowhere else), so the per-case resolver of outside systems replaces this one function.
 */
export async function messagesGoOut(ctx: Ctx, caseUrn: string | null): Promise<{ live: boolean; mode: CaseMode }> {
  if (!caseUrn) return { live: true, mode: "LIVE" };
  const mode = await caseMode(ctx, caseUrn);
  return { live: mode === "LIVE", mode };
}
