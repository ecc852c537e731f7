import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { maskAddress } from "@/lib/messages/mask";
import { getOutboxMessage, listOutbox } from "@/lib/messages/outbox";
import { queueVoucherMessages } from "@/lib/messages/voucher";
import { apiTestDatabase } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();

beforeAll(async () => {
  const admin = await roleToken(tenant, "ADMIN");
  const fx = await confirmedReservation(database.db, { token: admin, tenant });
  await transaction({ db: database.db, principal: systemPrincipal(tenant, "test") }, (tx) => queueVoucherMessages(tx, fx.reservationUrn));
});

describe("the Outbox page's reads", () => {
  it("lists the tenant's messages with masked recipients, filtered by state", async () => {
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    const items = await listOutbox({ ctx, input: {} });
    expect(items.map((m) => m.to).sort()).toEqual(["a…e@example.com", "j…n@example.com"]);
    // no SMTP_URL in this file: kept in the outbox, to be read on the Outbox page
    expect(items.every((m) => m.kind === "VOUCHER" && m.status === "KEPT" && m.airport === "CDG")).toBe(true);
    expect(await listOutbox({ ctx, input: { status: "SENT" } })).toEqual([]);
    expect(await listOutbox({ ctx, input: { status: "KEPT" } })).toHaveLength(2);
    const one = await getOutboxMessage({ ctx, input: { urn: items[0].urn } });
    expect(one?.html).toContain("HB-778812");
    expect(one?.to).not.toContain("amelie");
    // the passenger link lets its holder act as the passenger: its token is for ADMIN's eyes only
    expect(one?.html).toContain("/v/…");
    expect(one?.html).not.toMatch(/\/v\/[A-Za-z0-9_-]+\./);
    expect(one?.text).not.toMatch(/\/v\/[A-Za-z0-9_-]+\./);
    const whole = await getOutboxMessage({ ctx: ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] })), input: { urn: items[0].urn } });
    expect(whole?.html).toMatch(/\/v\/[A-Za-z0-9_-]+\.\d+\./);
  });

  it("names the passenger a masked address reaches and the flight of the message's case", async () => {
    const ctx = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    const items = await listOutbox({ ctx, input: { kind: "VOUCHER", channel: "EMAIL" } });
    expect(items.map((m) => [m.to, m.passengerName, m.flightNumber]).sort()).toEqual([
      ["a…e@example.com", "Amélie Dupont", "AF1234"],
      ["j…n@example.com", "Jean Dupont", "AF1234"],
    ]);
  });

  it("shows nothing of another tenant or of airports outside the caller's", async () => {
    const mine = await listOutbox({ ctx: ctxFor(database.db, principal({ tenant })), input: {} });
    expect(await listOutbox({ ctx: ctxFor(database.db, principal({ tenant: uniqueTenant() })), input: {} })).toEqual([]);
    const elsewhere = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["JFK"] }));
    expect(await listOutbox({ ctx: elsewhere, input: {} })).toEqual([]);
    expect(await getOutboxMessage({ ctx: elsewhere, input: { urn: mine[0].urn } })).toBeNull();
  });

  it("lists SMS beside email: the channel filter, DELIVERED, the number masked but for ADMIN, the body as text", async () => {
    const [{ caseUrn }] = await database.db.select({ caseUrn: messages.caseUrn }).from(messages).where(eq(messages.tenant, tenant)).limit(1);
    const urn = newUrn("email");
    await database.db.insert(messages).values({ urn, tenant, channel: "SMS", kind: "VOUCHER", recipient: "+33612345678", caseUrn, text: "Your hotel: Hôtel du Terminal", status: "DELIVERED" });
    const operator = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["CDG"] }));
    const sms = await listOutbox({ ctx: operator, input: { channel: "SMS" } });
    expect(sms.map((m) => [m.urn, m.channel, m.status, m.to, m.airport])).toEqual([[urn, "SMS", "DELIVERED", "+33 •• •• •• •• 78", "CDG"]]);
    expect((await listOutbox({ ctx: operator, input: { channel: "EMAIL" } })).every((m) => m.channel === "EMAIL")).toBe(true);
    expect(await getOutboxMessage({ ctx: operator, input: { urn } })).toMatchObject({ channel: "SMS", text: "Your hotel: Hôtel du Terminal", to: "+33 •• •• •• •• 78" });
    const admin = ctxFor(database.db, principal({ tenant, roles: ["ADMIN"] }));
    expect((await listOutbox({ ctx: admin, input: { channel: "SMS" } }))[0].to).toBe("+33612345678");
  });

  it("refuses a role without read", async () => {
    await expect(listOutbox({ ctx: ctxFor(database.db, principal({ tenant, roles: ["FEED"] })), input: {} })).rejects.toMatchObject({ status: 403 });
  });

  it("masks addresses without revealing them", () => {
    expect(maskAddress("amelie@example.com")).toBe("a…e@example.com");
    expect(maskAddress("jo@x.fr")).toBe("j…@x.fr");
    expect(maskAddress("nope")).toBe("***");
  });
});
