import { config } from "@/lib/config";

/**
 * The most passengers one manifest may carry, a JSON case or a spreadsheet alike: contract part 5's
 * 5,000-row bulk limit, the BULK_MAX_ROWS setting.
 */
export const maxManifestPassengers = () => config.BULK_MAX_ROWS;
