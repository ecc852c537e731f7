import { CronExpressionParser } from "cron-parser";

/** Inngest's cron syntax: five (or six) fields, optionally prefixed by `TZ=<IANA zone> `; UTC otherwise. */
export type CronSpec = { expression: string; tz: string };

const TZ_PREFIX = /^(?:CRON_)?TZ=(\S+)\s+(.+)$/;

export function parseCron(cron: string): CronSpec {
  const m = TZ_PREFIX.exec(cron.trim());
  const spec = m ? { expression: m[2].trim(), tz: m[1] } : { expression: cron.trim(), tz: "UTC" };
  // refused at definition time: a bad schedule must not surface as a scheduler loop error
  try {
    new Intl.DateTimeFormat("en", { timeZone: spec.tz });
    CronExpressionParser.parse(spec.expression, { tz: spec.tz }).next();
  } catch (err) {
    throw new Error(`cron "${cron}" is not valid: ${(err as Error).message}`);
  }
  return spec;
}

/** The first tick strictly after `after`, in the schedule's time zone (so 06:00 Paris follows DST). */
export function nextTick(cron: string, after: Date): Date {
  const { expression, tz } = parseCron(cron);
  return CronExpressionParser.parse(expression, { currentDate: after, tz }).next().toDate();
}
