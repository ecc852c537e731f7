import { it } from "vitest";

/**
 * Whether tests that need `service` skip here: when it is missing, outside CI only. In CI (CI=1,
 * set by .ci/run, which starts the services) a missing service is a failure, never a skip: a test
 * registered in its place fails, naming the service, so a run without it cannot pass (docs/tests.md).
 */
export function skipWithout(service: string, available: boolean): boolean {
  if (available) return false;
  if (process.env.CI && process.env.CI !== "0" && process.env.CI !== "false") {
    it(`needs ${service}`, () => {
      throw new Error(`${service} is not available: in CI a test that needs a service fails instead of skipping (.ci/run starts it)`);
    });
  }
  return true;
}
