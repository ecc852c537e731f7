import { rideClient, type RideProvider } from "./client";
import { ridesSettings } from "./settings";

export { rideClient, RidesUnavailable, type RideProvider } from "./client";

/** The configured ride provider, or null when none is (no RIDES_URL). */
export function rideProvider(): RideProvider | null {
  const s = ridesSettings();
  return s ? rideClient(s) : null;
}
