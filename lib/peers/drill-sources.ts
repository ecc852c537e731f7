import { config, providerSettings, setVar, type ProviderSettings } from "@/lib/config";
import { DomainError } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";
import { expediaRapid } from "@/lib/providers/expedia-rapid/client";
import { hotelbeds } from "@/lib/providers/hotelbeds/client";
import { type RunningSandboxes, startSandboxes } from "@/lib/providers/sandboxes";
import type { HotelProvider } from "@/lib/providers/types";
import { shareDrillPeers, stopDrillPeers } from "./drill-peers";

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

/** Tests: stop the drills' sandboxes, hotel providers and the other peers (the next drill starts them again). */
export async function stopDrillSandboxes(): Promise<void> {
  const r = running;
  running = null;
  clients = null;
  if (r) await (await r.catch(() => null))?.stop();
  await stopDrillPeers();
}

/**
 * With worker processes (`npm start`, WORKERS), a drill's search and its bookings may run in
 * different processes: they must meet the same sandboxes, so the supervisor starts the drills'
 * sandboxes once and hands their URLs down (DRILL_EXPEDIA_RAPID_URL, DRILL_HOTELBEDS_URL, and
 * DRILL_PSP_URL, DRILL_FLEET_URL, DRILL_MODEL_URL for the other peers: ./peers.ts).
 */
export async function startDrillSandboxesForWorkers(): Promise<void> {
  if (!sharedDrillSandboxes()) {
    const sb = await drillSandboxes();
    setVar("DRILL_EXPEDIA_RAPID_URL", sb.expediaUrl);
    setVar("DRILL_HOTELBEDS_URL", sb.hotelbedsUrl);
  }
  await shareDrillPeers();
}

function sharedDrillSandboxes(): RunningSandboxes | null {
  const expediaUrl = config.DRILL_EXPEDIA_RAPID_URL;
  const hotelbedsUrl = config.DRILL_HOTELBEDS_URL;
  // the supervisor stops them with itself
  return expediaUrl && hotelbedsUrl ? ({ expediaUrl, hotelbedsUrl, stop: async () => {} } as unknown as RunningSandboxes) : null;
}
