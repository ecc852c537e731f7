import { z } from "zod";

// a module of its own: the console's settings form (a client component) imports it

export const DEFAULT_RETENTION_DAYS = 90;

export const RetentionDays = z
  .number()
  .int()
  .min(1)
  .max(3650)
  .meta({ description: "days after a case closes before its passengers' personal data is erased, 1 to 3650" });
