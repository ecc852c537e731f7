import { database } from "@/db/client";
import { demoSeedWanted, seed } from "@/db/seed";
import { authSecret } from "@/lib/auth/secret";
import type { AnyJob } from "@/lib/jobs/define";
import { errorFields, log } from "@/lib/log";
import { withLabel } from "@/db/query-stats";
import { startProfileWriter } from "@/lib/observability/profile";

/**
 * Server start: the auth secret, the database (opened and migrated), reference and demo data,
 * then the job runner. Called once from instrumentation.ts before the first request is served.
 */
export async function boot(o: { jobs: readonly AnyJob[] }): Promise<void> {
  const started = Date.now();
  authSecret();
  const { db, driver } = await database();
  await seed(db, { demo: demoSeedWanted(driver) });
  // hotel provider sandboxes when no real provider URL is configured; never fatal
  await import("@/lib/providers/boot-sandboxes")
    .then((m) => m.startSandboxesIfUnconfigured())
    .catch((err) => log("error", "sandbox hotel providers did not start", errorFields(err)));
  // the payment service provider's sandbox when PSP_URL is unset; never fatal
  await import("@/lib/payments/boot-sandbox")
    .then((m) => m.startPaymentSandboxIfUnconfigured())
    .catch((err) => log("error", "sandbox payment service provider did not start", errorFields(err)));
  // the transport fleet's sandbox when FLEET_URL is unset; never fatal
  await import("@/lib/transport/fleet/boot-sandbox")
    .then((m) => m.startFleetSandboxIfUnconfigured())
    .catch((err) => log("error", "sandbox transport fleet did not start", errorFields(err)));
  // the sandbox model when MODEL_BASE_URL is unset; never fatal (the agent degrades to the deterministic recommender)
  await import("@/lib/agent/model/boot")
    .then((m) => m.startModelSandboxIfUnconfigured())
    .catch((err) => log("error", "sandbox model did not start", errorFields(err)));
  try {
    const { startEmbeddedRunner } = await import("@/lib/jobs/start-embedded");
    // the runner's own queries (claims, step memos, dispatch) count under one label when profiling
    await withLabel("jobs: runner", () => startEmbeddedRunner(o.jobs));
  } catch (err) {
    log("error", "job runner did not start", errorFields(err));
  }
  startProfileWriter("app");
  log("info", "ready", { driver, ms: Date.now() - started });
}
