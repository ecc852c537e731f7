/**
 * Two lanes for the night's work (docs/passenger-flow.md#two-lanes-inngestfunctionslanests). The passenger's flow (allocation, booking, ride,
 * voucher, the messages that carry them, cancellations a passenger must hear of) is served first;
 * everything nobody is standing in a terminal for (re-confirmation schedules, webhooks, meal
 * voucher schedules, care refreshes, reports, recommendations, review clocks) runs behind it.
 *
 * Both runners order due runs by due time minus priority (lib/jobs/due.ts; Inngest's
 * `priority.run`), so a background run due at t is taken before any flow run made after t + 300 s:
 * it waits for the flow, never for ever. And at most BACKGROUND_LIMIT runs of each background
 * function run at once, and all of them together share one ceiling (BACKGROUND_LANE), so a
 * passenger's run arriving behind a background backlog finds a slot at once: priority orders what
 * waits, it frees no slot that background runs already hold. `npm run bench:e2e -- --json` prints
 * each function's lag (`lanes`).
 */
export const PASSENGER_FLOW = { priority: 300 } as const;
/**
 * Within the passenger's lane: rooms first (allocation and booking, 320), since a room not booked
 * in the first minute may be gone; then a message already written is sent (310) before the next
 * stay's ride and voucher (300) are worked out. Measured both ways on the 30-flight meltdown
 * (docs/benchmarks.md): with rides and vouchers ahead of booking, the last room was booked at 179 s
 * instead of ~90 s and the last passenger reached no sooner.
 */
export const PASSENGER_BOOKING = { priority: 320 } as const;
export const PASSENGER_MESSAGE = { priority: 310 } as const;

export const BACKGROUND_LIMIT = 4;
/**
 * The key every background function shares (scope env: across functions), so together they never
 * hold more than this many slots: 48 of the 64 runs a worker runs at once by default
 * (JOBS_CONCURRENCY), the rest kept for the passenger's lane. On Inngest it is the environment's
 * ceiling, to keep below the account's concurrency; the embedded runner counts it per worker and
 * holds it to its slots less the quarter it keeps (lib/jobs/runner.ts `reservedSlots`), whatever
 * JOBS_CONCURRENCY says. Without it 14 background functions × 4, with the webhooks' 8, could take
 * all 64 slots, and a passenger's choice of hotel waited minutes behind a day's history.
 */
export const BACKGROUND_LANE = { key: '"background"', scope: "env", limit: 48 } as const;
/** A background function: priority 0, `limit` runs of its own at once, within the lane's ceiling. */
export const background = (limit: number = BACKGROUND_LIMIT) => ({ priority: 0, concurrency: [{ limit }, BACKGROUND_LANE] }) as const;
export const BACKGROUND = background();
