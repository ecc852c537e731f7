import { z } from "zod";

/** A reason is a non-empty string after trimming (contract part 4); a failure here answers REASON_REQUIRED. */
export const Reason = z.string().trim().min(1, "a reason is required").max(2000).meta({ description: "why: kept in the audit log" });

export const ReasonBody = z.object({ reason: Reason });
