import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { mealVouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import type { Ctx } from "@/lib/context";
import { stopDrillSandboxes } from "@/lib/peers/drill-sources";
import { issueMealVoucher } from "@/lib/meals/issue";
import { planMealVouchers } from "@/lib/meals/plan";
import { cancelMealVoucher } from "@/lib/meals/cancel";
import { type MealsSandbox, startMealsSandbox } from "@/lib/peers/meals/sandbox";
import { apiTestDatabase } from "@/tests/helpers/api";
import { casePayload, createCase, pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";

const ENV = ["MEALS_URL", "MEALS_KEY", "MEALS_SECRET", "MEALS_RETRY_BASE_MS", "MEALS_TIMEOUT_MS", "SMS_URL", "SMTP_URL"] as const;

/**
 * A database with airports, our issuer sandbox as the configured issuer (fast retries), and helpers to make a case and run its meal plan.
 */
export function mealsTestbed() {
  const database = apiTestDatabase({ airports: true });
  const saved: Record<string, string | undefined> = {};
  let sandbox: MealsSandbox;
  beforeAll(async () => {
    for (const k of ENV) saved[k] = process.env[k];
    sandbox = await startMealsSandbox();
    process.env.MEALS_URL = sandbox.url;
    process.env.MEALS_KEY = sandbox.apiKey;
    process.env.MEALS_SECRET = sandbox.secret;
    process.env.MEALS_RETRY_BASE_MS = "1";
    process.env.MEALS_TIMEOUT_MS = "5000";
    delete process.env.SMS_URL;
    delete process.env.SMTP_URL;
  });
  afterAll(async () => {
    for (const k of ENV) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    await sandbox?.stop();
    await stopDrillSandboxes();
  });

  const ctxOf = (tenant: string): Ctx => ({ db: database.db, principal: systemPrincipal(tenant, "meals") });

  /** A CDG case (cancelled 18:05 UTC, next flight 09:30 the next day: meals at 18:05, 00:05, 06:05), assessed. */
  async function assessedCase(over: Record<string, unknown> = {}) {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(
      token,
      casePayload({
        disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE" },
        passengerGroups: [{ pnr: "MEAL01", passengers: [pax("M1", "ECONOMY", { phone: "+33612345678", language: "fr" } as never), pax("M2", "ECONOMY", { phone: "+33612345679" })] }],
        ...over,
      }),
    );
    await assessCare(ctxOf(tenant), c.urn, "CASE_CREATED");
    return { tenant, token, caseUrn: c.urn as string, ctx: ctxOf(tenant) };
  }

  /** What the job does, without the runner: plan, cancel, issue the due ones. */
  async function runPlan(ctx: Ctx, caseUrn: string) {
    const plan = await planMealVouchers(ctx, caseUrn);
    for (const c of plan.cancel) await cancelMealVoucher(ctx, c);
    await Promise.all(plan.due.map((urn) => issueMealVoucher(ctx, urn)));
    return plan;
  }

  const vouchersOf = (caseUrn: string) => database.db.select().from(mealVouchers).where(eq(mealVouchers.caseUrn, caseUrn)).orderBy(mealVouchers.passengerId, mealVouchers.seq);
  const vouchersIn = (caseUrn: string, status: string) => database.db.select().from(mealVouchers).where(and(eq(mealVouchers.caseUrn, caseUrn), eq(mealVouchers.status, status as never)));
  /** The sandbox's vouchers for a case's rows (by Idempotency-Key, the meal voucher's urn). */
  const issuedAtSandbox = async (caseUrn: string) => {
    const urns = new Set((await vouchersOf(caseUrn)).map((v) => v.urn));
    return sandbox.vouchers().filter((v) => v.key && urns.has(v.key));
  };

  return { database, sandbox: () => sandbox, ctxOf, assessedCase, runPlan, vouchersOf, vouchersIn, issuedAtSandbox };
}
