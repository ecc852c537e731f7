// the reason primitives live with the other shared primitives; kept here for the API layer's imports
export { Reason, ReasonBody } from "@/lib/primitives";
