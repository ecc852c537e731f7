import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PATCH as reaccommodateHandler } from "@/app/api/v1/cases/[caseUrn]/reaccommodate/route";
import { messages, reservations } from "@/db/schema";
import { messagesOnReservationChanged } from "@/inngest/functions/messages";
import { reaccommodateStays } from "@/inngest/functions/reaccommodate-stays";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { refreshVoucher } from "@/lib/vouchers/refresh";
import { systemPrincipal } from "@/lib/auth/principal";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { sandboxProviders } from "@/tests/helpers/providers";
import { allocate, approvedCase, bookingRunner, bookingTenant, reservationsOf, steerAll } from "../booking/helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders();
afterAll(() => closePool());
beforeEach(() => {
  sandboxes.reset();
  vi.stubEnv("SMTP_URL", "");
});

async function bookedAtHotelbeds() {
  const { tenant, token } = await bookingTenant(database.db);
  const { caseUrn } = await approvedCase(token);
  await allocate(database.db);
  await steerAll(database.db, tenant, caseUrn, "HOTELBEDS");
  await bookingRunner(database.db).tick();
  return { tenant, token, caseUrn, rows: await reservationsOf(database.db, caseUrn, "CONFIRMED") };
}

async function patchNextFlight(token: string, caseUrn: string, scheduledDeparture: string) {
  const res = await call(reaccommodateHandler, `/cases/${caseUrn}/reaccommodate`, { token, params: { caseUrn }, body: { nextFlight: { number: "AF1238", scheduledDeparture }, reason: "flight moved" } });
  expect(res.status, res.text).toBe(200);
  await createRunner({ db: database.db, jobs: [reaccommodateStays, messagesOnReservationChanged], retryBaseMs: 1 }).tick();
}

const changed = (urns: string[]) => database.db.select().from(messages).where(and(eq(messages.kind, "STAY_CHANGED"), inArray(messages.relatedUrn, urns)));

describe("a stay changed in place tells its passengers once per version", () => {
  it("extended at the provider: STAY_CHANGED version 2 with the new dates; the same patch again sends nothing; shortened: version 3", async () => {
    const { tenant, token, caseUrn, rows } = await bookedAtHotelbeds();
    const urns = rows.map((r) => r.urn);
    const voucherMail = await database.db.select().from(messages).where(and(eq(messages.kind, "VOUCHER"), inArray(messages.relatedUrn, urns)));
    expect(voucherMail.length).toBeGreaterThan(0);

    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    const v2 = await changed(urns);
    // one per recipient a voucher went to, now at version 2 of the stay
    expect(v2.map((m) => [m.relatedUrn, m.recipient]).sort()).toEqual(voucherMail.map((m) => [m.relatedUrn, m.recipient]).sort());
    expect(v2.every((m) => m.version === 2 && m.subject.includes("Your hotel stay changed"))).toBe(true);
    expect((await database.db.select().from(reservations).where(inArray(reservations.urn, urns))).every((r) => r.stayVersion === 2)).toBe(true);

    await patchNextFlight(token, caseUrn, "2026-11-23T11:30:00Z");
    expect(await changed(urns)).toHaveLength(v2.length);

    // a ride-only refresh of the voucher is no new version of the stay
    await refreshVoucher({ db: database.db, principal: systemPrincipal(tenant) }, urns[0]);
    expect((await database.db.select().from(reservations).where(eq(reservations.urn, urns[0])))[0].stayVersion).toBe(2);

    await patchNextFlight(token, caseUrn, "2026-11-22T15:00:00Z");
    const all = await changed(urns);
    expect(all.filter((m) => m.version === 3)).toHaveLength(v2.length);
  });
});
