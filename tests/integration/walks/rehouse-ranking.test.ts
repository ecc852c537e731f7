import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { stayRatings } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { planRehousing } from "@/lib/booking/rehouse-plan";
import { walkReservation } from "@/lib/booking/walk";
import { newUrn } from "@/lib/ids";
import { closePool } from "@/lib/pool";
import { apiTestDatabase } from "@/tests/helpers/api";
import { sandboxFleet } from "@/tests/helpers/fleet";
import { sandboxProviders } from "@/tests/helpers/providers";
import { bookedCase, successorOf, walkRunner } from "./helpers";

const database = apiTestDatabase({ airports: true });
const sandboxes = sandboxProviders({ env: { OFFER_CACHE_TTL_SECONDS: "0" } });
sandboxFleet();
afterAll(() => closePool());
beforeEach(() => sandboxes.reset());

const sys = (tenant: string) => ({ db: database.db, principal: systemPrincipal(tenant, "reconfirmation") });
const CONSTRAINTS = { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [], allowProviders: ["EXPEDIA_RAPID"] };

/** Five operator-recorded ratings (QUALITY_MIN_RATINGS, default 5): the hotel's score counts. */
async function rate(tenant: string, reservationUrn: string, hotelUrn: string, score: number) {
  for (let i = 0; i < 5; i++) await database.db.insert(stayRatings).values({ urn: newUrn("rating"), tenant, reservationUrn, hotelUrn, source: "OPERATOR", score, tags: [], createdBy: "test" });
}

/**
 * A walked group with no wave fallback (the stay steered to one Expedia hotel): its candidates come
 * from the fresh search alone. The plan is taken twice, before and after the ratings: the second
 * run takes over the first one's PENDING replacement and ranks again on the same offers.
 */
async function walkedWithoutFallback(policy: Record<string, unknown>) {
  const { tenant, rows } = await bookedCase(database.db, "EXPEDIA_RAPID", undefined, policy);
  const walked = rows[0];
  await walkReservation(sys(tenant), { reservationUrn: walked.urn, reason: "OVERBOOKED", detail: "" });
  const plan = async () => {
    const planned = await planRehousing(sys(tenant), { reservationUrn: walked.urn });
    if (planned.kind !== "book") throw new Error(`expected candidates, got ${planned.kind}`);
    return planned.plan.candidates.map((c) => c.hotelUrn);
  };
  return { tenant, walked, plan };
}

describe("a walked group's fresh search ranks as the engine ranks", () => {
  it("a hotel rated under minQuality (enough ratings) is not chosen though it is the cheapest; the group is rehoused at another", async () => {
    const { tenant, walked, plan } = await walkedWithoutFallback({
      constraints: { ...CONSTRAINTS, minQuality: 3 },
      allocationWeights: { cost: 1, distance: 0, consolidation: 0, quality: 0 },
    });
    const before = await plan();
    expect(before.length).toBeGreaterThan(1);
    // cost the only weight: the first candidate is the cheapest hotel with rooms for the group
    const cheapest = before[0];
    expect(cheapest).not.toBe(walked.hotelUrn);
    await rate(tenant, walked.urn, cheapest, 2);

    const after = await plan();
    expect(after).not.toContain(cheapest);
    expect(after[0]).toBe(before[1]);

    await walkRunner(database.db).tick();
    const [next] = await successorOf(database.db, walked.urn);
    expect(next).toMatchObject({ status: "CONFIRMED", stayChange: "REPLACEMENT" });
    expect(next.hotelUrn).toBe(before[1]);
  });

  it("with the quality weight, the better-rated hotel is chosen over a cheaper one rated worse", async () => {
    const { tenant, walked, plan } = await walkedWithoutFallback({
      constraints: CONSTRAINTS,
      allocationWeights: { cost: 0.2, distance: 0, consolidation: 0, quality: 1 },
    });
    // nobody rated: every hotel neutral, the cheaper first
    const [cheaper, dearer] = await plan();
    expect(dearer).toBeDefined();
    await rate(tenant, walked.urn, cheaper, 2);
    await rate(tenant, walked.urn, dearer, 5);

    const after = await plan();
    // no gate, but the worse-rated hotel now ranks below the better-rated one (and the unrated ones)
    expect(after[0]).toBe(dearer);

    await walkRunner(database.db).tick();
    const [next] = await successorOf(database.db, walked.urn);
    expect(next).toMatchObject({ status: "CONFIRMED", hotelUrn: dearer });
  });
});
