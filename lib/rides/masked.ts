import type { RideVoucherRow } from "@/db/schema";
import { maskCode } from "@/lib/privacy/mask-code";

/**
 * A ride voucher's code and link masked but for their last 4 (lib/privacy/mask-code.ts): as staff
 * see it in the API, on the case page and in the audit log. Either lets whoever holds it take the
 * ride; only the passenger (their voucher, their page) gets them whole.
 */
export function maskedRide<R extends Pick<RideVoucherRow, "code" | "link">>(r: R): R {
  return { ...r, code: maskCode(r.code), link: maskCode(r.link) };
}
