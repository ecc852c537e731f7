/**
 * Two lanes for the night's work (issue 28). The passenger's flow (allocation, booking, ride,
 * voucher, the messages that carry them, cancellations a passenger must hear of) is served first;
 * everything nobody is standing in a terminal for (re-confirmation schedules, webhooks, meal
 * voucher schedules, care refreshes, reports, recommendations, review clocks) runs behind it.
 *
 * Both runners order due runs by due time minus priority (lib/jobs/due.ts; Inngest's
 * `priority.run`), so a background run due at t is taken before any flow run made after t + 300 s:
 * it waits for the flow, never for ever. And at most BACKGROUND_LIMIT runs of each background
 * function run at once, so when the flow is idle for a moment and the background backlog starts,
 * it cannot take a worker's every slot from the next passenger. `npm run bench:e2e -- --json`
 * prints each function's lag (`lanes`).
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
export const BACKGROUND = { priority: 0, concurrency: { limit: BACKGROUND_LIMIT } } as const;
