/** Ground transport (spec 2.7, 4.7): planning, the fleet, and the operator's segment actions. */
export { assignFromFleet, type FleetOutcome } from "./assign-fleet";
export { assignSegmentVehicle } from "./assign-vehicle";
export { cancelSegment } from "./cancel";
export { completeDueSegments } from "./complete";
export { createSegment } from "./create";
export { dropReservationTransport } from "./drop-reservation";
export { followNextFlight } from "./follow-next-flight";
export { getSegment } from "./get";
export { listSegments } from "./list";
export { planStaysTransport, type PlanOutcome } from "./plan-stays";
export { retimeSegment } from "./retime";
export type { Segment } from "./schemas";
export { SEGMENT_TRANSITIONS } from "./transitions";
