/** Vouchers: rendered once per CONFIRMED reservation (emails/voucher.tsx), served to staff and, by a signed link, to passengers. */
export { createVoucher, voucherOf } from "./create";
export { linkExpiry, passengerLink, signPassengerToken, verifyPassengerToken } from "./link";
