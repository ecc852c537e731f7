// Issue 29, section 3: the sandbox's signing secret is no constant, a usage the voucher could not have had is refused,
// and staff see ride codes and links masked, as meal codes are
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listRides } from "@/app/api/v1/cases/[caseUrn]/ride-vouchers/route";
import { POST as usage } from "@/app/api/v1/ride-vouchers/usage/route";
import { auditEntries } from "@/db/schema";
import { dataDir } from "@/lib/config";
import { hmacHex } from "@/lib/http/body-signature";
import { sandboxRidesKey, sandboxRidesSecret } from "@/lib/peers/rides/settings";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { caseWithStay, configuredRides, confirm, ridesOf } from "./helpers";

const database = apiTestDatabase({ airports: true });
sandboxFleet();
configuredRides();

const NIGHT = { departure: "2027-01-10T22:30:00Z", next: "2027-01-11T05:00:00Z" };
/** What the sandbox's secret was, in the source, until issue 29. */
const OLD_CONSTANT = "rides_sandbox_secret";

async function issued(mode?: "DRILL") {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const c = await caseWithStay(database.db, { token, tenant, ...NIGHT, mode });
  await confirm(database.db, tenant, c.caseUrn, c.reservationUrn);
  const [ride] = await ridesOf(database.db, c.caseUrn);
  expect(ride.status).toBe("ISSUED");
  return { tenant, token, ride, caseUrn: c.caseUrn };
}

const post = (body: unknown, secret = sandboxRidesSecret()) => {
  const raw = JSON.stringify(body);
  return call(usage, "/ride-vouchers/usage", { rawBody: raw, headers: { "content-type": "application/json", "x-ride-signature": hmacHex(secret, raw) } });
};
const uses = (urn: string) => database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, urn), eq(auditEntries.action, "use")));

describe("the ride sandbox's keys are this installation's own", () => {
  it("are generated once and kept under DATA_DIR, not constants of the source", () => {
    expect(sandboxRidesSecret()).not.toBe(OLD_CONSTANT);
    expect(sandboxRidesKey()).not.toBe("rides_sandbox_key");
    expect(sandboxRidesSecret()).toMatch(/^[\w-]{43}$/);
    expect(fs.readFileSync(path.join(dataDir(), "sandbox-rides-secret"), "utf8").trim()).toBe(sandboxRidesSecret());
    expect(sandboxRidesSecret()).toBe(sandboxRidesSecret());
  });

  it("a usage signed with the old public constant is 401, for a live case and a drill's; nothing is used", async () => {
    for (const mode of [undefined, "DRILL"] as const) {
      const { ride } = await issued(mode);
      const body = { id: ride.providerRef, reference: ride.urn, amount: 20, currency: "EUR", usedAt: "2027-01-11T00:40:00Z" };
      const forged = await post(body, OLD_CONSTANT);
      expect(forged.status, mode).toBe(401);
      expect((await ridesOf(database.db, ride.caseUrn))[0].status).toBe("ISSUED");
      expect((await post(body)).status, mode).toBe(200);
    }
  }, 90_000);
});

describe("a usage the voucher could not have had is refused (422 problem+json), nothing changed", () => {
  it("over the cap, another currency, year 9999, a date that does not exist, before the voucher was issued", async () => {
    const { ride } = await issued();
    const good = { id: ride.providerRef, reference: ride.urn, amount: 80, currency: "EUR", usedAt: "2027-01-11T00:40:00Z" };
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 500 }, "amount"],
      [{ amount: 80.01 }, "amount"],
      [{ currency: "XXX" }, "currency"],
      [{ currency: "USD" }, "currency"],
      [{ usedAt: "9999-12-31T23:59:59Z" }, "usedAt"],
      [{ usedAt: "2027-02-30T10:00:00Z" }, "usedAt"],
      [{ usedAt: "2001-01-01T00:00:00Z" }, "usedAt"],
    ];
    for (const [change, field] of cases) {
      const res = await post({ ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.json.errors.map((e: { path: string }) => e.path), JSON.stringify(change)).toContain(field);
    }
    const [after] = await ridesOf(database.db, ride.caseUrn);
    expect(after).toMatchObject({ status: "ISSUED", usedAmount: null, usedAt: null });
    expect(await uses(ride.urn)).toEqual([]);
    // the cap itself, in the voucher's currency, is a ride
    const res = await post(good);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "USED", usedAmount: 80 });
  }, 60_000);
});

describe("staff see ride codes and links masked, as meal codes", () => {
  it("the API's list (and so the case page) and the audit log show only the last 4 characters", async () => {
    const { ride, token, caseUrn } = await issued();
    expect(ride.code).toMatch(/^RIDE-/);
    const listed = await call(listRides, `/cases/${caseUrn}/ride-vouchers`, { token, params: { caseUrn } });
    expect(listed.status).toBe(200);
    const item = listed.json.items.find((i: { urn: string }) => i.urn === ride.urn);
    expect(item.code).toBe(`${"•".repeat(Math.min(8, ride.code!.length - 4))}${ride.code!.slice(-4)}`);
    expect(item.link).toMatch(/^•+.{4}$/);
    expect(listed.text).not.toContain(ride.code!);
    expect(listed.text).not.toContain(ride.link!);
    const audits = await database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, ride.urn));
    expect(audits.length).toBeGreaterThan(0);
    expect(JSON.stringify(audits)).not.toContain(ride.code!);
    expect(JSON.stringify(audits)).not.toContain(ride.link!);
  }, 60_000);
});
