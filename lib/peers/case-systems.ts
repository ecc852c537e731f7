import { caseFacts } from "@/lib/case-facts";
import { SANDBOX_MODEL_KEY } from "@/lib/peers/model/sandbox";
import { type ModelSettings, modelSettings } from "@/lib/peers/model/settings";
import { providerSettings, type ProviderSettings } from "@/lib/config";
import type { Ctx } from "@/lib/context";
import { type MealsEndpoint, mealsSettings, mealsTimeoutMs, sandboxMealsKey, sandboxMealsSecret } from "@/lib/peers/meals/settings";
import { type PaymentEndpoint, paymentSettings, SANDBOX_API_KEY } from "@/lib/payments/settings";
import { hotelSources } from "@/lib/providers/sources";
import { rideClient, type RideProvider, rideProvider } from "@/lib/peers/rides";
import { ridesSettings, sandboxRidesKey, sandboxRidesSecret } from "@/lib/peers/rides/settings";
import type { HotelProvider } from "@/lib/providers/types";
import { fleetClient, type TransportFleet, transportFleet } from "@/lib/peers/fleet";
import { fleetSettings, SANDBOX_FLEET_KEY } from "@/lib/peers/fleet/settings";
import type { CaseMode } from "@/lib/vocabulary";
import { drillPeerUrl } from "./drill-peers";
import { drillSources } from "./drill-sources";

/** What searchHotelOffers is given besides the query: nothing for a live case (the configured sources and the offer cache). */
export type SearchOptions = { sources?: HotelProvider[]; settings?: ProviderSettings };

/**
 * The outside systems a case's steps use, resolved once per case and context (a job step, a
 * request): the only way a step reaches a peer, so a new side effect cannot forget a drill. A
 * LIVE case gets the configured peers; a DRILL or SHADOW case gets the drills' own sandboxes,
 * whatever the step, and its messages (email, SMS, on-call pages, webhooks) are written and
 * KEPT, never sent. The peers are resolved on first use, so a step that needs no peer starts
 * no sandbox.
 */
export type CaseSystems = {
  mode: CaseMode;
  /** the hotel providers a booking, cancellation, look-up or stay change talks to (a drill's never include a direct contract: real rooms) */
  hotels: () => Promise<HotelProvider[]>;
  /** a search's sources and settings (a drill's: its sandboxes, no offer cache, which is keyed without the mode) */
  search: () => Promise<SearchOptions>;
  /** where a CARD reservation is authorized */
  payments: () => Promise<PaymentEndpoint>;
  /** the transport provider that assigns and releases vehicles (null: none configured) */
  fleet: () => Promise<TransportFleet | null>;
  /** the ride provider that issues taxi vouchers (null: none configured, the voucher waits PENDING) */
  rides: () => Promise<RideProvider | null>;
  /** the model the exception agent asks about the case's review items */
  model: () => Promise<ModelSettings>;
  /** the meal-voucher issuer (null: none configured; a drill's is its own sandbox, or none when it cannot start) */
  meals: () => Promise<MealsEndpoint | null>;
  /** whether a message about the case may leave the service: email, SMS, pages and webhooks */
  messaging: { send: boolean };
};

type CaseRef = string | { urn: string; mode: CaseMode };

const resolved = new WeakMap<Ctx, Map<string, Promise<CaseSystems>>>();

/**
 * The systems of a case, by URN or from a case row already read (its mode is trusted). By URN the
 * mode is read whatever the caller's tenant: a drill stays a drill even when a step runs under
 * another tenant's context (fail closed); only a URN that names no case at all is LIVE (an event
 * about a case not written yet, as some tests emit: nothing of a drill can be reached that way).
 */
export function caseSystems(ctx: Ctx, ref: CaseRef): Promise<CaseSystems> {
  const urn = typeof ref === "string" ? ref : ref.urn;
  let perCtx = resolved.get(ctx);
  if (!perCtx) resolved.set(ctx, (perCtx = new Map()));
  let systems = perCtx.get(urn);
  if (!systems) {
    systems = (typeof ref === "string" ? modeOf(ctx, ref) : Promise.resolve(ref.mode)).then((mode) => systemsFor(ctx, mode));
    // a failed read is not kept: the next call reads again
    systems.catch(() => perCtx.delete(urn));
    perCtx.set(urn, systems);
  }
  return systems;
}

async function modeOf(ctx: Ctx, caseUrn: string): Promise<CaseMode> {
  // by URN alone: URNs are unique across tenants, and a tenant filter here made a drill LIVE when it did not match
  return (await caseFacts(ctx.db, caseUrn))?.mode ?? "LIVE";
}

function systemsFor(ctx: Ctx, mode: CaseMode): CaseSystems {
  const live = mode === "LIVE";
  return {
    mode,
    hotels: once(async () => (live ? hotelSources(ctx).sources : drillSources())),
    search: once(async () => {
      if (live) return {};
      const settings = { ...providerSettings(), offerCacheTtlSeconds: 0 };
      return { sources: await drillSources(settings), settings };
    }),
    payments: once(async () => (live ? paymentSettings() : { baseUrl: await drillPeerUrl("PSP"), apiKey: SANDBOX_API_KEY, timeoutMs: paymentSettings().timeoutMs })),
    fleet: once(async () => {
      if (live) return transportFleet();
      // a drill whose fleet sandbox cannot start has no fleet: its rides wait for a vehicle, never a real one
      const baseUrl = await drillPeerUrl("FLEET").catch(() => null);
      return baseUrl ? fleetClient({ baseUrl, apiKey: SANDBOX_FLEET_KEY, timeoutMs: fleetSettings().timeoutMs }) : null;
    }),
    rides: once(async () => {
      if (live) return rideProvider();
      // a drill's rides are issued at the drills' own sandbox (its usage callbacks signed with the sandbox secret), never the configured provider
      const baseUrl = await drillPeerUrl("RIDES").catch(() => null);
      return baseUrl ? rideClient({ baseUrl, apiKey: sandboxRidesKey(), secret: sandboxRidesSecret(), timeoutMs: ridesSettings()?.timeoutMs ?? 8000 }) : null;
    }),
    model: once(async () => {
      const configured = modelSettings();
      if (live) return configured;
      // no sandbox model: the agent degrades to the deterministic recommender, as without a model
      const url = await drillPeerUrl("MODEL").catch(() => null);
      return { ...configured, baseUrl: url ? `${url}/v1` : null, apiKey: SANDBOX_MODEL_KEY, model: "sandbox-model" };
    }),
    meals: once(async () => {
      if (live) return mealsSettings();
      const baseUrl = await drillPeerUrl("MEALS").catch(() => null);
      return baseUrl ? { baseUrl, apiKey: sandboxMealsKey(), secret: sandboxMealsSecret(), timeoutMs: mealsTimeoutMs() } : null;
    }),
    messaging: { send: live },
  };
}

/** A peer resolved on first use and kept for the resolution's life; a failure is not kept. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= make().catch((err) => {
      value = null;
      throw err;
    });
    return value;
  };
}
