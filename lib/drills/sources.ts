import { providerSettings, type ProviderSettings } from "@/lib/config";
import type { Ctx } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import { expediaRapid } from "@/lib/providers/expedia-rapid/client";
import { hotelbeds } from "@/lib/providers/hotelbeds/client";
import { type RunningSandboxes, startSandboxes } from "@/lib/providers/sandboxes";
import { hotelSources } from "@/lib/providers/sources";
import type { HotelProvider } from "@/lib/providers/types";
import type { CaseMode } from "@/lib/vocabulary";
import { caseMode } from "./mode";

let running: Promise<RunningSandboxes> | null = null;
let clients: { key: string; sources: HotelProvider[] } | null = null;

/** A drill that cannot get its sandboxes is refused: it never falls back to a real provider. */
export const drillRefused = (why: string) =>
  new DomainError(409, "CONFLICT", `This drill cannot run: its sandbox hotel providers did not start (${why}). A drill never uses a real provider; try again or check the server log.`);

/**
 * The drills' own sandbox providers, started in this process on first use and kept for its life.
 * A drill never shares the configured providers, real or sandbox: its rooms, bookings and
 * cancellations stay in an inventory no live case reads.
 */
export function drillSandboxes(): Promise<RunningSandboxes> {
  const shared = sharedDrillSandboxes();
  if (shared) return Promise.resolve(shared);
  running ??= startSandboxes({ scale: providerSettings().sandboxInventoryScale }).then(
    (r) => {
      log("info", "drill sandbox providers started", { expedia: r.expediaUrl, hotelbeds: r.hotelbedsUrl });
      return r;
    },
    (err) => {
      running = null;
      log("error", "drill sandbox providers did not start", errorFields(err));
      throw drillRefused(err instanceof Error ? err.message : String(err));
    },
  );
  return running;
}

/** The hotel sources of a drill: the two sandboxes only (no direct contract: those are real rooms). */
export async function drillSources(settings: ProviderSettings = providerSettings()): Promise<HotelProvider[]> {
  const sb = await drillSandboxes();
  const key = `${sb.expediaUrl}|${sb.hotelbedsUrl}|${settings.timeoutMs}`;
  if (clients?.key !== key) {
    // one client per sandbox, so its access token is reused across a drill's searches and bookings
    clients = {
      key,
      sources: [
        expediaRapid({ baseUrl: sb.expediaUrl, key: "sandbox-key", secret: "sandbox-secret", tier: "SELF_SERVICE", timeoutMs: settings.timeoutMs }),
        hotelbeds({ baseUrl: sb.hotelbedsUrl, key: "sandbox-key", secret: "sandbox-secret", timeoutMs: settings.timeoutMs }),
      ],
    };
  }
  return clients.sources;
}

/**
 * What a search for a case of this mode passes to searchHotelOffers: for a drill, its sandboxes and
 * no offer cache (the cache is keyed without the mode, so a drill neither reads real offers nor
 * leaves sandbox offers for a live wave); nothing for a live or shadow case.
 */
export async function searchOptionsFor(mode: CaseMode | string): Promise<{ sources?: HotelProvider[]; settings?: ProviderSettings }> {
  if (mode !== "DRILL") return {};
  const settings = { ...providerSettings(), offerCacheTtlSeconds: 0 };
  return { sources: await drillSources(settings), settings };
}

/** The sources a booking or a cancellation of a case of this mode talks to. */
export async function sourcesForMode(ctx: Ctx, mode: CaseMode | string): Promise<HotelProvider[]> {
  return mode === "DRILL" ? drillSources() : hotelSources(ctx).sources;
}

/** The same, from the case's URN (the booking steps know the case, not its mode). */
export async function sourcesForCase(ctx: Ctx, caseUrn: string): Promise<HotelProvider[]> {
  return sourcesForMode(ctx, await caseMode(ctx, caseUrn));
}

/** Tests: stop the drills' sandboxes (the next drill starts them again). */
export async function stopDrillSandboxes(): Promise<void> {
  const r = running;
  running = null;
  clients = null;
  if (r) await (await r.catch(() => null))?.stop();
}

/**
 * With worker processes (`npm start`, WORKERS), a drill's search and its bookings may run in
 * different processes: they must meet the same sandboxes, so the supervisor starts the drills'
 * sandboxes once and hands their URLs down (DRILL_EXPEDIA_RAPID_URL, DRILL_HOTELBEDS_URL).
 */
export async function startDrillSandboxesForWorkers(): Promise<void> {
  if (sharedDrillSandboxes()) return;
  const sb = await drillSandboxes();
  process.env.DRILL_EXPEDIA_RAPID_URL = sb.expediaUrl;
  process.env.DRILL_HOTELBEDS_URL = sb.hotelbedsUrl;
}

function sharedDrillSandboxes(): RunningSandboxes | null {
  const expediaUrl = process.env.DRILL_EXPEDIA_RAPID_URL;
  const hotelbedsUrl = process.env.DRILL_HOTELBEDS_URL;
  // the supervisor stops them with itself
  return expediaUrl && hotelbedsUrl ? ({ expediaUrl, hotelbedsUrl, stop: async () => {} } as unknown as RunningSandboxes) : null;
}
