export { eraseExpiredPersonalData, type RetentionRun } from "./erase-expired";
export { eraseInCase, type ErasureResult, PERSONAL_FIELDS } from "./erase-in-case";
export { erasePassenger } from "./erase-passenger";
export { DEFAULT_RETENTION_DAYS, ErasePassengerBody, ErasePassengerInput, RetentionDays } from "./inputs";
