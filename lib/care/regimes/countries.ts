/**
 * EU261's territory: the EU member states, the EEA states that apply it (Iceland, Liechtenstein,
 * Norway), Switzerland by the EU–Swiss air transport agreement, and the outermost regions the
 * airport dataset lists under their own ISO codes (French Guiana, Guadeloupe, Martinique,
 * Mayotte, Réunion, Saint-Martin).
 */
export const EU261_COUNTRIES: ReadonlySet<string> = new Set([
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
  "IS", "LI", "NO", "CH",
  "GF", "GP", "MQ", "YT", "RE", "MF",
]);

export const UK = "GB";

/** Canada (APPR), the United States (DOT commitments), Brazil (ANAC), India (DGCA). */
export const CANADA = "CA";
export const US = "US";
export const BRAZIL = "BR";
export const INDIA = "IN";
