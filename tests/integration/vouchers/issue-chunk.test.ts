import { eq, inArray } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { messages, reservations, vouchers } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { queueVoucherMessagesOf } from "@/lib/messages/voucher";
import { closePool } from "@/lib/pool";
import { issueVouchers } from "@/lib/vouchers/issue";
import { currentVoucher } from "@/lib/vouchers/rendition";
import { apiTestDatabase } from "@/tests/helpers/api";
import { pax, roleToken } from "@/tests/helpers/cases";
import { uniqueTenant } from "@/tests/helpers/factories";
import { confirmedCase } from "../transport/helpers";

const database = apiTestDatabase({ airports: true });
afterAll(() => closePool());

async function chunk(n: number) {
  const tenant = uniqueTenant();
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const groups = Array.from({ length: n }, (_, i) => ({ pnr: `CH${n}X${i}`, passengers: [pax(`C${n}A${i}`, "ECONOMY", { phone: `+3361234${String(n).padStart(2, "0")}${String(i).padStart(2, "0")}` }), pax(`C${n}B${i}`)] }));
  const fx = await confirmedCase(database.db, { token, tenant, groups });
  return { fx, ctx: { db: database.db, principal: systemPrincipal(tenant, "passenger-flow") } };
}

/** The passenger flow's voucher step (inngest/functions/passenger-flow.ts), counting the statements it sends. */
async function voucherStep(f: Awaited<ReturnType<typeof chunk>>) {
  const compiled = vi.spyOn(PgDialect.prototype, "sqlToQuery");
  try {
    const out = await transaction(f.ctx, async (tx) => {
      const { issued } = await issueVouchers(tx, f.fx.reservationUrns);
      return { vouchered: issued.length, queued: await queueVoucherMessagesOf(tx, issued, { sentByCaller: true, rideDecided: () => true }) };
    });
    return { ...out, statements: compiled.mock.calls.length };
  } finally {
    compiled.mockRestore();
  }
}

describe("the voucher step of a chunk", () => {
  it("writes a chunk's vouchers and messages with as many statements whatever its size; a replay writes nothing and sends nothing twice", async () => {
    const small = await chunk(2);
    const large = await chunk(6);
    const a = await voucherStep(small);
    const b = await voucherStep(large);
    expect(a).toMatchObject({ vouchered: 2, queued: 2 * 3 });
    expect(b).toMatchObject({ vouchered: 6, queued: 6 * 3 });
    expect(b.statements).toBe(a.statements);
    expect(b.statements).toBeGreaterThan(4);
    expect(b.statements).toBeLessThanOrEqual(14);

    const before = await database.db.select({ urn: messages.urn }).from(messages).where(inArray(messages.relatedUrn, large.fx.reservationUrns));
    const replay = await voucherStep(large);
    expect(replay).toMatchObject({ vouchered: 6, queued: 0 });
    expect(await database.db.select({ urn: messages.urn }).from(messages).where(inArray(messages.relatedUrn, large.fx.reservationUrns))).toEqual(expect.arrayContaining(before));
    expect(await database.db.select({ urn: messages.urn }).from(messages).where(inArray(messages.relatedUrn, large.fx.reservationUrns))).toHaveLength(before.length);
    expect(await database.db.select({ urn: vouchers.urn }).from(vouchers).where(inArray(vouchers.reservationUrn, large.fx.reservationUrns))).toHaveLength(6);
  });

  it("stores each stay's voucher byte for byte as it is rendered on demand, and mails that voucher with the link", async () => {
    const f = await chunk(3);
    const [r] = await database.db.select().from(reservations).where(eq(reservations.urn, f.fx.reservationUrns[1]));
    // before the step: the voucher rendered on demand, as a reader gets it
    const onDemand = await currentVoucher(database.db, r);
    await voucherStep(f);
    const [stored] = await database.db.select({ html: vouchers.html, text: vouchers.text }).from(vouchers).where(eq(vouchers.reservationUrn, r.urn));
    expect(stored).toEqual(onDemand);
    const [email] = await database.db.select().from(messages).where(eq(messages.relatedUrn, r.urn)).then((rows) => rows.filter((m) => m.channel === "EMAIL"));
    const cut = email.html.indexOf("<hr");
    expect(email.html.slice(0, cut) + email.html.slice(email.html.indexOf("</p>", cut) + 4)).toBe(stored.html);
    expect(email.text.startsWith(stored.text)).toBe(true);
  });
});
