import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { directContracts, offerCache } from "@/db/schema";
import { seedDirectContracts } from "@/db/seed/direct-contracts";
import { systemPrincipal } from "@/lib/auth/principal";
import { providerSettings } from "@/lib/config";
import type { Ctx } from "@/lib/context";
import { directProvider } from "@/lib/providers/direct/client";
import { ProviderRejected } from "@/lib/providers/errors";
import { searchHotelOffers } from "@/lib/providers/search";
import { apiTestDatabase } from "../../helpers/api";
import { sandboxProviders } from "../../helpers/providers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders({ env: { PROVIDER_TIMEOUT_MS: "1500", OFFER_CACHE_TTL_SECONDS: "300" } });
const ctx = (): Ctx => ({ db: database.db, principal: systemPrincipal("AF") });
const stay = { airport: "CDG", checkIn: "2026-11-21", checkOut: "2026-11-22" };

beforeAll(async () => {
  await seedDirectContracts(database.db, "AF");
});
beforeEach(async () => {
  await sandboxes.reset();
  await database.db.delete(offerCache);
});

describe("hotel search", () => {
  it("asks the three sources in parallel, caches the providers' offers, and reports each source", async () => {
    const first = await searchHotelOffers({ ctx: ctx(), input: stay });
    expect(first.sources.map((s) => [s.provider, s.ok, s.cached])).toEqual([
      ["EXPEDIA_RAPID", true, false],
      ["HOTELBEDS", true, false],
      ["DIRECT", true, false],
    ]);
    expect(first.offers.every((o) => o.hotelUrn?.startsWith("urn:svc:hotel:"))).toBe(true);
    const second = await searchHotelOffers({ ctx: ctx(), input: stay });
    expect(second.sources.map((s) => s.cached)).toEqual([true, true, false]);
    expect(second.offers.map((o) => o.hotelUrn).sort()).toEqual(first.offers.map((o) => o.hotelUrn).sort());
  });

  it("direct contracts are cheaper than the market rate of the same hotel, which keeps one URN across sources", async () => {
    const { offers } = await searchHotelOffers({ ctx: ctx(), input: stay });
    const direct = offers.filter((o) => o.provider === "DIRECT");
    expect(direct.length).toBeGreaterThan(0);
    let compared = 0;
    for (const d of direct) {
      const market = offers.filter((o) => o.provider !== "DIRECT" && o.hotelKey && o.hotelKey === d.hotelKey);
      for (const m of market) {
        expect(m.hotelUrn).toBe(d.hotelUrn);
        expect(m.nightlyRate).toBeGreaterThan(d.nightlyRate);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("a failing provider degrades the search instead of failing it", async () => {
    await sandboxes.admin("HOTELBEDS", "/__sandbox/faults", { rate5xx: 1 });
    const result = await searchHotelOffers({ ctx: ctx(), input: stay });
    const hb = result.sources.find((s) => s.provider === "HOTELBEDS")!;
    expect(hb).toMatchObject({ ok: false, offers: 0 });
    expect(hb.error).toMatch(/503/);
    expect(result.offers.some((o) => o.provider === "EXPEDIA_RAPID")).toBe(true);
    expect(result.offers.some((o) => o.provider === "HOTELBEDS")).toBe(false);
  });

  it("a slow provider is cut off at the per-call timeout", async () => {
    await sandboxes.admin("EXPEDIA_RAPID", "/__sandbox/faults", { latencyMs: 5000 });
    const started = Date.now();
    const result = await searchHotelOffers({ ctx: ctx(), input: stay });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.sources.find((s) => s.provider === "EXPEDIA_RAPID")).toMatchObject({ ok: false });
    expect(result.sources.find((s) => s.provider === "HOTELBEDS")).toMatchObject({ ok: true });
  });

  it("an unknown airport is refused; an airport without sandbox inventory finds nothing", async () => {
    await expect(searchHotelOffers({ ctx: ctx(), input: { ...stay, airport: "ZZZ" } })).rejects.toMatchObject({ status: 422 });
    const nce = await searchHotelOffers({ ctx: ctx(), input: { ...stay, airport: "NCE" } });
    expect(nce.offers).toEqual([]);
    expect(nce.sources.every((s) => s.ok)).toBe(true);
  });

  it("reads its settings from the environment the helper set", () => {
    expect(providerSettings().timeoutMs).toBe(1500);
  });
});

describe("direct contracts", () => {
  it("booking takes rooms from the allotment (guarded), cancel gives them back, a reference books once", async () => {
    const direct = directProvider(ctx());
    const { offers } = await searchHotelOffers({ ctx: ctx(), input: stay });
    const offer = offers.find((o) => o.provider === "DIRECT" && o.acceptedPayments.includes("GUARANTEE"))!;
    const rows = () => database.db.select().from(directContracts).where(and(eq(directContracts.tenant, "AF"), eq(directContracts.hotelUrn, offer.hotelUrn!)));
    const before = (await rows())[0].roomsAvailable;
    const request = { offerId: offer.offerId, providerHotelId: offer.providerHotelId, ...stay, rooms: 2, guests: [], clientReference: "D-REF-1", payment: { method: "GUARANTEE" as const } };
    const booking = await direct.book(request);
    expect((await rows())[0].roomsAvailable).toBe(before - 2);
    expect((await direct.book(request)).reference).toBe(booking.reference);
    expect((await rows())[0].roomsAvailable).toBe(before - 2);
    await expect(direct.book({ ...request, clientReference: "D-REF-2", rooms: before })).rejects.toBeInstanceOf(ProviderRejected);
    expect((await direct.modify({ reference: booking.reference, checkIn: stay.checkIn, checkOut: "2026-11-23" })).checkOut).toBe("2026-11-23");
    expect((await direct.cancel({ reference: booking.reference, reason: "restored" })).status).toBe("CANCELLED");
    await direct.cancel({ reference: booking.reference, reason: "again" });
    expect((await rows())[0].roomsAvailable).toBe(before);
  });
});
