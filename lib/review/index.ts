/** The review domain's public entry point (server side): verbs, the item writer and schemas. */
export { reviewCaseLabels } from "./case-flights";
export { claimReviewItem, releaseReviewItem } from "./claim";
export { closeBookedItems, GROUP_BOOKED } from "./close-booked";
export { createReviewItem, DEFAULT_SLA_MINUTES } from "./create-item";
export { getReviewItem } from "./get";
export { listReviewItems } from "./list";
export { applyCaseOverlays } from "@/lib/policies/case-overlays";
export { rebookReviewItem } from "./rebook";
export { recommendFor, recommendItem, MAX_RECOMMENDATIONS } from "./recommend";
export { refreshRecommendations } from "./refresh";
export { relaxReviewItem } from "./relax";
export { resolveReviewItem } from "./resolve";
export { ReviewSplitInput, splitReviewItem } from "./split";
export { takenResolution } from "./taken";
export { toReviewItem } from "@/lib/records/review-item";
export { REVIEW_TRANSITIONS } from "./transitions";
export * from "@/lib/records/review";
