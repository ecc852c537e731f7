export { DRILL_AIRPORTS, DrillSpec, generateManifest, TierMix, tierCounts } from "./generate";
export { launchDrill, type LaunchedDrill } from "./launch";
export { type DrillSummary, type DrillTimings, listDrills } from "./list";
