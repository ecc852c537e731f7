/**
 * How often a re-confirmation whose look-up failed (5xx, 429, a timeout, a refused call) is tried:
 * 5 look-ups, 1, 2, 3 then 4 minutes apart, so a provider down for about ten minutes is asked again
 * before the row ends ERROR. Nobody is rehoused on a flaky provider: ERROR walks no one.
 */
export const RECONFIRM_LOOKUPS = 5;

/** The wait after the `failed`-th failed look-up (1-based), in seconds. */
export function reconfirmWaitSeconds(failed: number): number {
  return 60 * Math.max(1, failed);
}
