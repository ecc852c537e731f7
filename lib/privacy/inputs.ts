import { z } from "zod";
import { PassengerId } from "@/lib/cases/inputs";
import { Reason, Urn } from "@/lib/primitives";

export const ErasePassengerBody = z
  .object({ reason: Reason.meta({ description: "why (e.g. the passenger's request and its reference): kept in the audit log" }) })
  .meta({ id: "ErasePassenger" });
export type ErasePassengerBody = z.infer<typeof ErasePassengerBody>;

export const ErasePassengerInput = ErasePassengerBody.extend({ caseUrn: Urn("case"), passengerId: PassengerId });
export type ErasePassengerInput = z.input<typeof ErasePassengerInput>;

export const RetentionDays = z
  .number()
  .int()
  .min(1)
  .max(3650)
  .meta({ description: "days after a case closes before its passengers' personal data is erased, 1 to 3650" });

export const DEFAULT_RETENTION_DAYS = 90;
