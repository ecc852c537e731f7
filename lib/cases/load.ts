import { and, eq, inArray, sql } from "drizzle-orm";
import { cases, type CaseRow } from "@/db/schema";
import { assertAirport } from "@/lib/auth/scope";
import { type Ctx, writeAtCommit } from "@/lib/context";
import { conflict, notFound } from "@/lib/errors";

/**
 * A case of the caller's tenant that the caller may see: another tenant's is a 404, as is a case
 * a FEED client did not create; an airport outside the claims is 403 OUT_OF_SCOPE.
 * `forUpdate` locks the row so concurrent changes to one case queue instead of racing.
 */
export async function loadCase(ctx: Ctx, caseUrn: string, { forUpdate = false } = {}): Promise<CaseRow> {
  const q = ctx.db
    .select()
    .from(cases)
    .where(and(eq(cases.urn, caseUrn), eq(cases.tenant, ctx.principal.tenant)))
    .limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound(`Case ${caseUrn}`);
  if (isFeedOnly(ctx) && row.createdBy !== ctx.principal.sub) throw notFound(`Case ${caseUrn}`);
  assertAirport(ctx.principal, row.airport);
  return row;
}

/** Contract part 4: on a CLOSED case every state change is refused with 409 CASE_CLOSED. */
export function assertOpen(row: CaseRow): void {
  if (row.status === "CLOSED") throw conflict("CASE_CLOSED", `Case ${row.urn} is closed; reopening it needs an ADMIN.`);
}

/** Loads, locks and checks a case before a state change. */
export async function loadOpenCase(ctx: Ctx, caseUrn: string): Promise<CaseRow> {
  const row = await loadCase(ctx, caseUrn, { forUpdate: true });
  assertOpen(row);
  return row;
}

/** Every change to a case bumps its revision, which the console polls to refresh. */
export async function touchCase(ctx: Ctx, caseUrn: string): Promise<void> {
  await ctx.db.update(cases).set({ revision: sql`${cases.revision} + 1` }).where(eq(cases.urn, caseUrn));
}

/** A FEED client (and nothing more) sees only the cases it created. */
export function isFeedOnly(ctx: Ctx): boolean {
  return ctx.principal.roles.length > 0 && ctx.principal.roles.every((r) => r === "FEED");
}

/**
 * touchCase at the end of the caller's transaction, once however often it is asked: every booking
 * and every ride of a meltdown bumps its case, and a bump mid-transaction locked the case row for
 * the rest of it, so the case's other bookings queued behind (71 ms per booking measured in a
 * meltdown). For writers that do not answer with the case's record (its revision would be the old one).
 */
export async function touchCaseAtCommit(ctx: Ctx, caseUrn: string): Promise<void> {
  if (!writeAtCommit(ctx, "case-revision", caseUrn, bumpRevisions)) await touchCase(ctx, caseUrn);
}

async function bumpRevisions(ctx: Ctx, caseUrns: string[]): Promise<void> {
  await ctx.db.update(cases).set({ revision: sql`${cases.revision} + 1` }).where(inArray(cases.urn, [...new Set(caseUrns)]));
}
