import { sql } from "drizzle-orm";
import type { MessageKind } from "@/lib/vocabulary";

/**
 * The kinds that carry a stay's voucher (the first one, or its replacement): their arrival marks the
 * voucher delivered, reaches the passenger, and makes a cancellation owed when the stay is cancelled.
 */
export const VOUCHER_KINDS = ["VOUCHER", "STAY_CHANGED", "REHOUSED", "CHOICE_CONFIRMED"] as const satisfies readonly MessageKind[];

/** VOUCHER_KINDS as an SQL list, for `kind IN (…)` in raw statements (constants: no user input). */
export const VOUCHER_KINDS_SQL = sql.raw(VOUCHER_KINDS.map((k) => `'${k}'`).join(", "));

export const isVoucherKind = (kind: MessageKind): boolean => (VOUCHER_KINDS as readonly MessageKind[]).includes(kind);
