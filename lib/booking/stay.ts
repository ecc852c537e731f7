/** A hotel's standard times, in its (the airport's) time zone: the voucher adds the policy's buffers. */
export const CHECK_IN_TIME = "15:00";
export const CHECK_OUT_TIME = "11:00";

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
