import { startModelSandbox } from "@/lib/peers/model/sandbox";
import { config, setVar, type VarName } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { startMealsSandbox } from "@/lib/peers/meals/sandbox";
import { startPaymentSandbox } from "@/lib/payments/sandbox";
import type { RunningServer } from "@/lib/providers/sandbox-kit";
import { startRidesSandbox } from "@/lib/peers/rides/sandbox";
import { startFleetSandbox } from "@/lib/peers/fleet/sandbox";

/** The peers besides hotel providers that a drill or shadow case gets its own sandbox of. */
export type DrillPeer = "PSP" | "FLEET" | "MODEL" | "MEALS" | "RIDES";
export const DRILL_PEERS: readonly DrillPeer[] = ["PSP", "FLEET", "MODEL", "MEALS", "RIDES"];

const start: Record<DrillPeer, () => Promise<RunningServer>> = {
  PSP: () => startPaymentSandbox(),
  FLEET: () => startFleetSandbox(),
  MODEL: () => startModelSandbox(),
  MEALS: () => startMealsSandbox(),
  RIDES: () => startRidesSandbox(),
};
const running = new Map<DrillPeer, Promise<RunningServer>>();

/** Where the supervisor of worker processes hands a drill sandbox's URL down (see startDrillSandboxesForWorkers). */
const sharedEnv = (peer: DrillPeer) => `DRILL_${peer}_URL` as const satisfies VarName;

/**
 * The URL of the drills' own sandbox of this peer (payments, fleet, model, meal vouchers), started in this
 * process on first use and kept for its life, like the drills' hotel sandboxes: never the
 * configured peer, real or sandbox, so a drill's authorizations, cars and prompts stay apart from
 * the live ones. A sandbox that fails to start is tried again on the next use.
 */
export async function drillPeerUrl(peer: DrillPeer): Promise<string> {
  const shared = config[sharedEnv(peer)];
  if (shared) return shared;
  let r = running.get(peer);
  if (!r) {
    r = start[peer]().then(
      (s) => {
        log("info", "drill sandbox started", { peer, url: s.url });
        return s;
      },
      (err) => {
        running.delete(peer);
        log("error", "drill sandbox did not start", { peer, ...errorFields(err) });
        throw err;
      },
    );
    running.set(peer, r);
  }
  return (await r).url;
}

/** Worker processes: the supervisor starts the drills' peers once and shares their URLs through the environment. */
export async function shareDrillPeers(): Promise<void> {
  for (const peer of DRILL_PEERS) {
    if (config[sharedEnv(peer)]) continue;
    // not fatal: a process that cannot reach a shared one starts its own on first use
    await drillPeerUrl(peer).then(
      (url) => setVar(sharedEnv(peer), url),
      () => undefined,
    );
  }
}

/** Tests: stop the drills' peers started in this process (the next drill starts them again). */
export async function stopDrillPeers(): Promise<void> {
  const all = [...running.values()];
  running.clear();
  await Promise.all(all.map(async (r) => (await r.catch(() => null))?.stop()));
}
