/** The review domain's public entry point (server side): verbs, the item writer and schemas. */
export { reviewCaseLabels } from "./case-flights";
export { createReviewItem, DEFAULT_SLA_MINUTES } from "./create-item";
export { getReviewItem } from "./get";
export { listReviewItems } from "./list";
export { toReviewItem } from "./to-record";
export * from "./schemas";
