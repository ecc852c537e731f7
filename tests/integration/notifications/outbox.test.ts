import { beforeAll, describe, expect, it } from "vitest";
import { systemPrincipal } from "@/lib/auth/principal";
import { transaction } from "@/lib/context";
import { getOutboxMessage, listOutbox, maskAddress } from "@/lib/notifications";
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
  });

  it("shows nothing of another tenant or of airports outside the caller's", async () => {
    const mine = await listOutbox({ ctx: ctxFor(database.db, principal({ tenant })), input: {} });
    expect(await listOutbox({ ctx: ctxFor(database.db, principal({ tenant: uniqueTenant() })), input: {} })).toEqual([]);
    const elsewhere = ctxFor(database.db, principal({ tenant, roles: ["AIRPORT_OPERATOR"], airports: ["JFK"] }));
    expect(await listOutbox({ ctx: elsewhere, input: {} })).toEqual([]);
    expect(await getOutboxMessage({ ctx: elsewhere, input: { urn: mine[0].urn } })).toBeNull();
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
