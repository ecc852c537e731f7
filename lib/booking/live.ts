import type { ReservationStatus } from "@/lib/vocabulary";

/** A group's live reservation: at most one per (caseUrn, waveUrn, groupId), by the partial unique index. */
export const LIVE_STATUSES = ["PENDING", "CONFIRMED", "CHECKED_OUT"] as const satisfies readonly ReservationStatus[];
