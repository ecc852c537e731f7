import { NO_SERVER_WORDS } from "@/lib/messages/channels";
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
  MEAL_VOUCHER: "meal voucher",
  RIDE_VOUCHER: "ride voucher",
  CAPACITY_CALL: "capacity call to a hotel",
  RIDE_CHANGED: "ride changed (new time or cancelled)",
};

/** Why a KEPT message was not sent, by channel: the words the writer records (lib/messages/channels.ts). */
export const KEPT_WORDS = NO_SERVER_WORDS;
