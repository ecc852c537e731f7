import { z } from "zod";
import type { CaseRow } from "@/db/schema";
import { DisruptionJson, parseJson } from "@/db/schema/json";
import { requiredPrintable } from "@/lib/printable";
import { UtcTimestamp } from "@/lib/primitives";
import { DisruptionCause, DisruptionKind } from "@/lib/vocabulary";

/** The case payload's `disruption`: what happened and whose doing it was. */
export const Disruption = z
  .object({
    kind: DisruptionKind.default("CANCELLATION"),
    cause: DisruptionCause.default("UNKNOWN"),
    announcedAt: UtcTimestamp.optional().meta({ description: "when the passengers were told (optional; APPR owes no care for a notice of 12 h or more)" }),
    description: requiredPrintable(200).optional().meta({ description: "the cause in the airline's words, e.g. \"crew shortage\" (optional; shown, never decided on)", example: "crew shortage" }),
  })
  .meta({ id: "Disruption", description: "default CANCELLATION / UNKNOWN; UNKNOWN is treated as within the carrier's control" });
export type Disruption = z.output<typeof Disruption>;

export const DEFAULT_DISRUPTION: Disruption = { kind: "CANCELLATION", cause: "UNKNOWN" };

/** A case's disruption: the stored one, or the defaults for a case created without one. */
export function caseDisruption(row: Pick<CaseRow, "urn" | "disruption">): Disruption {
  return row.disruption ? parseJson(DisruptionJson, row.disruption, `cases.disruption of ${row.urn}`) : DEFAULT_DISRUPTION;
}
