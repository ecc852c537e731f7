import type { MessageKind } from "@/lib/vocabulary";

/** What a message is, in the words an operator uses at the desk. */
export const KIND_WORDS: Record<MessageKind, string> = {
  VOUCHER: "hotel voucher",
  CANCELLATION: "cancellation notice",
  RETURN_LEG: "ride back to the airport",
  STAY_CHANGED: "changed stay",
  REHOUSED: "new hotel (rehoused)",
  CHOICE_CONFIRMED: "hotel choice confirmed",
  DECLINE_CONFIRMED: "decline confirmed",
  WEEKLY_REPORT: "weekly report",
};

/** Why a KEPT message was not sent, by channel. */
export const KEPT_WORDS = { EMAIL: "no mail server configured", SMS: "no SMS provider configured" } as const;
