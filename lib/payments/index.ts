/** Payments: CARD reservations authorized against a PSP token (GUARANTEE needs no call). */
export { authorizePayment, type AuthorizeInput, type AuthorizeResult } from "./authorize";
export { PaymentAuthError, PaymentUnavailable } from "./errors";
