/** The demand domain's public entry point (server side): verbs, rules a screen may show, schemas. */
export { createDemand } from "./create";
export { approveDemand, rejectDemand } from "./decide";
export { getDemand } from "./load";
export { toCaseDemand, toDemand } from "@/lib/records/demand-record";
export { decisionsFor, demandTypeRefusal, hasLiveInitial, nextDemandType } from "./rules";
export { demandSummary } from "./summary";
export { requestRoomsForSplit } from "./rooms-for-split";
export { transitionDemand } from "./transition";
export { APPROVED_STATUSES, DEMAND_TRANSITIONS } from "./transitions";
export * from "@/lib/records/demand";
