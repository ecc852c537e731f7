/** The policy domain's public entry point (server side): verbs, matching and schemas. */
export { activatePolicy } from "./activate";
export { contextKeyOf } from "./context-key";
export { createPolicy } from "./create";
export { listPolicies } from "./list";
export { getPolicy } from "./load";
export { caseContext, matchPolicies, matchPolicy } from "./match";
export { POLICY_TRANSITIONS } from "./transitions";
export { updatePolicy } from "./update";
export * from "./schemas";
