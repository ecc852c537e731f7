import { z } from "zod";
import { StoredPassengerId } from "@/lib/cases/inputs";
import { Reason, Urn } from "@/lib/primitives";

export const ErasePassengerBody = z
  .object({ reason: Reason.meta({ description: "why (e.g. the passenger's request and its reference): kept in the audit log" }) })
  .meta({ id: "ErasePassenger" });
export type ErasePassengerBody = z.infer<typeof ErasePassengerBody>;

export const ErasePassengerInput = ErasePassengerBody.extend({ caseUrn: Urn("case"), passengerId: StoredPassengerId });
export type ErasePassengerInput = z.input<typeof ErasePassengerInput>;
