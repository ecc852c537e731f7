export { eraseExpiredPersonalData, type RetentionRun } from "./erase-expired";
export { eraseInCase, type ErasureResult, PERSONAL_FIELDS } from "./erase-in-case";
export { erasePassenger } from "./erase-passenger";
export { ErasePassengerBody, ErasePassengerInput } from "./inputs";
export { DEFAULT_RETENTION_DAYS, RetentionDays } from "@/lib/tenants/retention";
