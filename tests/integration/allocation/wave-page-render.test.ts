import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
vi.mock("@/app/(console)/waves/actions", () => ({ overrideWaveAction: vi.fn(), rerunWaveAction: vi.fn() }));
import { POST as createDemandHandler } from "@/app/api/v1/demand/case/[caseUrn]/route";
import { POST as approveHandler } from "@/app/api/v1/demand/[demandUrn]/approve/route";
import { allocationWaves } from "@/db/schema";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { createRunner } from "@/lib/jobs/runner";
import { closePool } from "@/lib/pool";
import { getWave, listCaseWaves } from "@/lib/allocation";
import { HotelRadar } from "@/components/waves/hotel-radar";
import { RankingTable } from "@/components/waves/ranking-table";
import { HeldGroups } from "@/components/waves/held-groups";
import { ProviderHealth } from "@/components/waves/provider-health";
import { HotelPlacementsList } from "@/components/waves/hotel-placements";
import { OverrideProvider } from "@/components/waves/override-dialog";
import { overrideCandidates, overrideGroups, placementsByHotel } from "@/components/waves/wave-view";
import { apiTestDatabase, call } from "@/tests/helpers/api";
import { casePayload, createCase, pax, roleToken } from "@/tests/helpers/cases";
import { ctxFor, principal, uniqueTenant } from "@/tests/helpers/factories";
import { activePolicy } from "@/tests/helpers/policies";
import { sandboxProviders } from "@/tests/helpers/providers";

const database = apiTestDatabase({ airports: true });
sandboxProviders();
afterAll(() => closePool());

/**
 * The wave page's sections rendered on the server from a wave the job really persisted (sandbox
 * providers, the engine, a mixed-tier PNR held): the shapes the page reads are the ones the API answers.
 */
it("renders a persisted wave: 200 ranking rows at most, a point per hotel, override per group, the held cause and its review link", async () => {
  const tenant = uniqueTenant();
  await activePolicy(database.db, tenant, { name: "CDG", tiers: ["ECONOMY", "BUSINESS", "CREW"], constraints: { minStars: 3, maxDistanceKm: 30, maxNightlyRate: 400, requiredAmenities: [] } });
  const token = await roleToken(tenant, "OPS_SUPERVISOR");
  const record = await createCase(token, casePayload({ passengerGroups: [{ pnr: "FAM1", passengers: [pax("a"), pax("b")] }, { pnr: "MIX1", passengers: [pax("c"), pax("d", "BUSINESS")] }] }));
  const res = await call(createDemandHandler, `/demand/case/${record.urn}`, { token, params: { caseUrn: record.urn }, body: { type: "INITIAL", roomsRequested: record.roomsNeeded } });
  if (res.json.status === "REQUESTED") await call(approveHandler, `/demand/${res.json.urn}/approve`, { token, params: { demandUrn: res.json.urn }, body: { reason: "ok" } });
  await createRunner({ db: database.db, jobs: [allocateOnApproval], retryBaseMs: 1 }).tick();
  const [row] = await database.db.select().from(allocationWaves).where(eq(allocationWaves.caseUrn, record.urn));
  const ctx = ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"] }));
  const wave = await getWave({ ctx, input: { waveUrn: row.urn } });
  expect(wave.status).toBe("PARTIAL");
  expect(wave.held.map((x) => [x.groupId, x.cause])).toEqual([["MIX1", "MIXED_TIER"]]);
  const listed = await listCaseWaves({ ctx, input: { caseUrn: record.urn } });
  expect(listed).toEqual([expect.objectContaining({ urn: wave.urn, placed: 1, held: 1, status: "PARTIAL", totalCost: wave.totalCost })]);
  const html = renderToStaticMarkup(
    h(OverrideProvider, { waveUrn: wave.urn, groups: overrideGroups(wave), candidates: overrideCandidates(wave) },
      h(HotelRadar, { inputs: wave.rankingInputs, airport: wave.airport, allocations: wave.allocations }),
      h(RankingTable, { inputs: wave.rankingInputs }),
      h(HeldGroups, { held: wave.held }),
      h(ProviderHealth, { sources: wave.sources, degraded: wave.degraded }),
      h(HotelPlacementsList, { hotels: placementsByHotel(wave), who: (s: string) => s, zone: "Europe/Paris" }),
    ),
  );
  const count = (s: string) => html.split(s).length - 1;
  expect(count('data-testid="ranking-row"')).toBe(Math.min(200, wave.rankingInputs.length));
  expect(count('data-testid="ranking-show-more"')).toBe(wave.rankingInputs.length > 200 ? 1 : 0);
  expect(count('data-testid="radar-hotel"')).toBe(new Set(wave.rankingInputs.map((r) => r.hotelUrn)).size);
  expect(count("data-selected")).toBe(new Set(wave.allocations.map((a) => a.hotelUrn)).size);
  // one override button per placed group and per held group
  expect(count('data-testid="override-open"')).toBe(wave.allocations.length + wave.held.length);
  expect(html).toContain('data-cause="MIXED_TIER"');
  expect(html).toContain(`/review/${encodeURIComponent(wave.held[0].reviewUrn!)}`);
  expect(count('data-testid="provider-source"')).toBe(3);
  expect(html).not.toContain('data-testid="wave-degraded"');
  // the override dialog lists the family's tier candidates best score first
  const economy = overrideCandidates(wave).ECONOMY;
  expect(economy.length).toBeGreaterThan(1);
  const scores = economy.map((c) => c.weightedScore ?? -1);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
}, 120_000);
