import { errorFields, log } from "@/lib/log";

/**
 * The sandboxes of every outside system whose URL is not configured, started in this process and
 * written to its environment (the clients read the URLs from there). The server calls it at boot;
 * `npm start` with worker processes calls it once in the supervisor, before it spawns the web
 * process and the workers, so that all of them talk to the same sandboxes. Never fatal.
 */
export async function startUnconfiguredPeers(): Promise<void> {
  const peers: [string, () => Promise<{ [k: string]: () => Promise<void> }>, string][] = [
    ["hotel providers", () => import("@/lib/providers/boot-sandboxes"), "startSandboxesIfUnconfigured"],
    ["payment service provider", () => import("@/lib/payments/boot-sandbox"), "startPaymentSandboxIfUnconfigured"],
    ["transport fleet", () => import("@/lib/peers/fleet/boot-sandbox"), "startFleetSandboxIfUnconfigured"],
    // only with SMS_URL=sandbox: without SMS_URL there is no SMS, and messages say so (KEPT)
    ["SMS gateway", () => import("@/lib/sms/boot-sandbox"), "startSmsSandboxIfAsked"],
    // only with MEALS_URL=sandbox: without MEALS_URL meal vouchers stay PENDING and say so
    ["meal voucher issuer", () => import("@/lib/peers/meals/boot-sandbox"), "startMealsSandboxIfAsked"],
    // only with RIDES_URL=sandbox: without RIDES_URL ride vouchers stay PENDING and say why
    ["ride provider", () => import("@/lib/peers/rides/boot-sandbox"), "startRidesSandboxIfAsked"],
    // the agent degrades to the deterministic recommender without it
    ["model", () => import("@/lib/peers/model/boot"), "startModelSandboxIfUnconfigured"],
  ];
  for (const [name, load, fn] of peers) {
    await load()
      .then((m) => m[fn]())
      .catch((err) => log("error", `sandbox ${name} did not start`, errorFields(err)));
  }
}
