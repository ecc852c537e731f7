import { localDate } from "@/lib/cases/stay";

/** Before this local hour a night is still the previous evening's (a call at 02:00 asks for the night under way). */
const NIGHT_ENDS_AT_HOUR = 6;

/** The night a capacity call asks for: the airport's local check-in date of the night under way or ahead. */
export function nightOf(now: Date, timeZone: string): string {
  return localDate(new Date(now.getTime() - NIGHT_ENDS_AT_HOUR * 3_600_000), timeZone);
}
