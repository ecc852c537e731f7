import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { vouchers } from "@/db/schema";
import { refreshCareOnVouchers } from "@/inngest/functions/care-vouchers";
import { systemPrincipal } from "@/lib/auth/principal";
import { assessCare } from "@/lib/care/assess";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { createVoucher } from "@/lib/vouchers";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { apiTestDatabase } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedCase } from "../transport/helpers";

const database = apiTestDatabase({ airports: true });
afterAll(() => closePool());

describe("the stored voucher follows the right to care", () => {
  it("a new assessment re-renders the confirmed stays' vouchers with the care owed; a replay writes nothing", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const fx = await confirmedCase(database.db, { token, tenant, groups: [{ pnr: "VC", passengers: [pax("V1"), pax("V2")] }] });
    const reservationUrn = fx.reservationUrns[0];
    const ctx = { db: database.db, principal: systemPrincipal(tenant, "booking") };
    await createVoucher(ctx, reservationUrn);
    const stored = async () => (await database.db.select().from(vouchers).where(eq(vouchers.reservationUrn, reservationUrn)))[0];
    // booked before the first assessment: no block
    expect((await stored()).text).not.toContain("Your right to care");

    await assessCare(ctx, fx.caseUrn, "CASE_CREATED");
    const runner = createRunner({ db: database.db, jobs: [refreshCareOnVouchers], retryBaseMs: 1 });
    await runner.tick();
    const after = await stored();
    expect(after.text).toContain("Your right to care:\n- Meals and drinks now (EU261 Art. 5(1)(b), 9(1)(a))\n- A hotel tonight (EU261 Art. 5(1)(b), 9(1)(b))");
    expect(after.html).toContain("Your right to care");
    // the same care again (a replayed event): the rendition is unchanged, nothing is written
    expect(await refreshVoucher(ctx, reservationUrn)).toBe(false);
  });
});
