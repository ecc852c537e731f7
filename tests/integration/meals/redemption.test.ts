import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/meal-vouchers/redemptions/route";
import { auditEntries, mealVouchers } from "@/db/schema";
import { hmacHex } from "@/lib/http/body-signature";
import { mealsTestbed } from "./helpers";

const bed = mealsTestbed();

/** POSTs a raw body to the route with a signature, as the issuer does. */
async function post(body: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-meal-signature"] = signature;
  const res = await POST(new Request("http://localhost/api/v1/meal-vouchers/redemptions", { method: "POST", headers, body }));
  return { status: res.status, type: res.headers.get("content-type"), json: await res.json() };
}

describe("POST /meal-vouchers/redemptions", () => {
  it("records a signed redemption once; a replay answers the same; a bad signature is 401, an unknown id 404", async () => {
    const { caseUrn, ctx } = await bed.assessedCase();
    await bed.runPlan(ctx, caseUrn);
    const [voucher] = await bed.vouchersOf(caseUrn);
    // the sandbox spends it and hands back the callback it signed
    const redeemed = await fetch(`${bed.sandbox().url}/__sandbox/redeem`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: voucher.providerRef, amount: 12.5, merchant: "Paul, Terminal 2E" }) });
    const signed = (await redeemed.json()) as { body: string; signature: string };

    const forged = await post(signed.body, hmacHex("not-the-secret", signed.body));
    expect(forged.status).toBe(401);
    expect(forged.type).toMatch(/application\/problem\+json/);
    expect((await post(signed.body, null)).status).toBe(401);
    expect((await bed.vouchersOf(caseUrn))[0].status).toBe("ISSUED");

    const first = await post(signed.body, signed.signature);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ mealVoucherUrn: voucher.urn, status: "REDEEMED", redeemedAmount: 12.5 });
    const replay = await post(signed.body, signed.signature);
    expect(replay).toMatchObject({ status: 200, json: first.json });

    const [row] = await bed.database.db.select().from(mealVouchers).where(eq(mealVouchers.urn, voucher.urn));
    expect(row).toMatchObject({ status: "REDEEMED", redeemedAmount: 12.5 });
    const audits = (await bed.database.db.select().from(auditEntries).where(eq(auditEntries.entityUrn, voucher.urn))).filter((a) => a.action === "redeem");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ tenant: row.tenant, reason: "at Paul, Terminal 2E", airport: "CDG" });

    const unknown = JSON.stringify({ id: "mv_unknown", amount: 1, redeemedAt: new Date().toISOString() });
    const missing = await post(unknown, hmacHex(bed.sandbox().secret, unknown));
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/application\/problem\+json/);
    const garbage = "{not json";
    expect((await post(garbage, hmacHex(bed.sandbox().secret, garbage))).status).toBe(400);
    const wrong = JSON.stringify({ id: voucher.providerRef, amount: -3, redeemedAt: "yesterday" });
    expect((await post(wrong, hmacHex(bed.sandbox().secret, wrong))).status).toBe(422);
  });
});
