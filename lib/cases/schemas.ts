/**
 * The case domain's schemas, for any importer (client components too: no database here). The
 * vocabularies live in lib/vocabulary, requests in ./inputs, answered records in ./records.
 */
export { CASE_STATUSES, CaseMode, CaseStatus, FlightStatus, OPERATIONAL_STATUSES, OperationalStatus, SPECIAL_NEEDS, SpecialNeed, Tier, TIERS } from "@/lib/vocabulary";
export { IataCode, toUtcIso, UtcTimestamp } from "@/lib/primitives";
export * from "./inputs";
export * from "./records";
