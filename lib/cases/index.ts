/**
 * The case domain's public entry point (server side): its verbs, its schemas and the few helpers
 * other domains build on. Everything else in lib/cases is internal.
 */
export { addPassengersFromFile } from "./add-passengers";
export { closeCase } from "./close";
export { createCase } from "./create";
export { type FoundCase, findCases, FindCasesInput } from "./find-cases";
export { type FoundPassenger, findPassengers, FindPassengersInput } from "./find-passengers";
export { getCase, readCaseRecord } from "./get";
export { listCases } from "./list";
export { assertOpen, loadCase, loadOpenCase, touchCase } from "./load";
export { mergeGroups } from "./merge-groups";
export { movePassengers, PASSENGER_TRANSITIONS } from "./passenger-transitions";
export { reaccommodateCase } from "./reaccommodate";
export { reopenCase } from "./reopen";
export { splitGroup } from "./split-group";
export { computeStay, initialStatus, STARTING_STATUS } from "./stay";
export { type CaseFact, deriveCaseStatus } from "./derive-status";
export { CASE_TRANSITIONS } from "./transitions";
export * from "./schemas";
