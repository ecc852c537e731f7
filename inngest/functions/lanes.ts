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
 * Within the passenger's lane, later stages first: a stay booked gets its ride and voucher before
 * the next group is booked, and a message written is sent before either, so the night's work in
 * progress stays small and the first passengers are reached while the last are still being booked.
 */
export const PASSENGER_VOUCHER = { priority: 310 } as const;
export const PASSENGER_MESSAGE = { priority: 320 } as const;

export const BACKGROUND_LIMIT = 4;
export const BACKGROUND = { priority: 0, concurrency: { limit: BACKGROUND_LIMIT } } as const;
