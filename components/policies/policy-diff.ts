import type { Policy } from "@/lib/policies/schemas";

export type DiffRow = { field: string; label: string; active: string | null; draft: string; changed: boolean };

type Field = { field: string; label: string; show: (p: Policy) => string };

const list = (xs: readonly string[]) => (xs.length ? xs.join(", ") : "none");
const yesNo = (b: boolean) => (b ? "yes" : "no");
const minutes = (n: number) => `${n} min`;

/** The fields a supervisor decides on, in the policy form's order, each shown in words. */
const FIELDS: Field[] = [
  { field: "name", label: "Name", show: (p) => p.name },
  { field: "constraints.minStars", label: "Minimum stars", show: (p) => `${p.constraints.minStars}★` },
  { field: "constraints.maxDistanceKm", label: "Maximum distance", show: (p) => `${p.constraints.maxDistanceKm} km` },
  { field: "constraints.maxNightlyRate", label: "Maximum nightly rate", show: (p) => (p.constraints.maxNightlyRate === null ? "no ceiling" : `${p.constraints.maxNightlyRate} ${p.currency}`) },
  { field: "constraints.requiredAmenities", label: "Required amenities", show: (p) => list([...p.constraints.requiredAmenities].sort()) },
  { field: "constraints.excludedChains", label: "Excluded chains", show: (p) => list([...p.constraints.excludedChains].sort()) },
  { field: "constraints.allowProviders", label: "Hotel sources", show: (p) => list([...p.constraints.allowProviders].sort()) },
  { field: "acceptedPayments", label: "Accepted payments", show: (p) => list([...p.acceptedPayments].sort()) },
  { field: "cardToken", label: "Card token", show: (p) => (p.cardToken ? "set" : "none") },
  { field: "mode", label: "Mode", show: (p) => p.mode },
  { field: "autoApproveDemand", label: "Auto-approve demand", show: (p) => yesNo(p.autoApproveDemand) },
  { field: "incrementalRequiresApproval", label: "Incremental demand needs approval", show: (p) => yesNo(p.incrementalRequiresApproval) },
  { field: "maxAutomaticRoomsPerWave", label: "Auto-approval ceiling", show: (p) => `${p.maxAutomaticRoomsPerWave} rooms` },
  { field: "allocationWeights", label: "Weights (cost / distance / consolidation)", show: (p) => `${p.allocationWeights.cost} / ${p.allocationWeights.distance} / ${p.allocationWeights.consolidation}` },
  { field: "buffers.lateCheckoutMinutes", label: "Late checkout", show: (p) => minutes(p.buffers.lateCheckoutMinutes) },
  { field: "buffers.earlyCheckInMinutes", label: "Early check-in", show: (p) => minutes(p.buffers.earlyCheckInMinutes) },
  { field: "transport.mode", label: "Transport", show: (p) => p.transport.mode },
  {
    field: "transport.perTier",
    label: "Transport per tier",
    show: (p) =>
      list(
        Object.entries(p.transport.perTier)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([tier, mode]) => `${tier}: ${mode}`),
      ),
  },
  { field: "transport.minutesBeforePickup", label: "Pickup before departure", show: (p) => minutes(p.transport.minutesBeforePickup) },
  { field: "transport.shuttleCapacity", label: "Shuttle capacity", show: (p) => `${p.transport.shuttleCapacity} passengers` },
  { field: "care.mealAfterMinutes", label: "Own meals from", show: (p) => (p.care.mealAfterMinutes === null ? "no own commitment" : minutes(p.care.mealAfterMinutes)) },
  { field: "care.hotelWhenOvernight", label: "Own hotel for an overnight wait", show: (p) => yesNo(p.care.hotelWhenOvernight) },
  { field: "care.mealAmount", label: "Meal voucher", show: (p) => `${p.care.mealAmount} ${p.currency}` },
  { field: "care.mealEveryMinutes", label: "A further meal every", show: (p) => minutes(p.care.mealEveryMinutes) },
  { field: "care.requestRoomsFromCare", label: "Request rooms from the right to care", show: (p) => yesNo(p.care.requestRoomsFromCare) },
  { field: "currency", label: "Currency", show: (p) => p.currency },
];

/**
 * A draft against the ACTIVE policy of its context, field by field, in words: `changed` marks the
 * rows a supervisor should read before activating. Without an active policy every row is new
 * (active null, changed true).
 */
export function policyDiff(draft: Policy, active: Policy | null): DiffRow[] {
  return FIELDS.map(({ field, label, show }) => {
    const d = show(draft);
    const a = active ? show(active) : null;
    return { field, label, active: a, draft: d, changed: a !== d };
  });
}
