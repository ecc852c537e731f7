"use server";

import { revalidatePath } from "next/cache";
import { answerCapacityCall } from "@/lib/capacity/answer";
import { consoleAction } from "@/lib/console/action-result";
import { confirmHotelBooking } from "@/lib/extranet/confirm-booking";
import { declineHotelBooking } from "@/lib/extranet/decline-booking";
import { recordArrival } from "@/lib/extranet/record-arrival";
import { setHotelInventory } from "@/lib/extranet/set-inventory";
import type { ArrivalStatus } from "@/lib/vocabulary";

// The extranet page's actions: the same verbs as /api/v1/hotels/{hotelUrn}/... (and a capacity
// call's answer), with the hotel user's context. A server action's arguments are whatever the
// browser posted, whatever their types say: they go to the verb as sent and the verb parses them
// (a bad one is a VALIDATION_FAILED result, nothing written).

export async function confirmBookingAction(hotelUrn: string, reservationUrn: string) {
  return consoleAction(async (ctx) => {
    const booking = await confirmHotelBooking({ ctx, input: { hotelUrn, reservationUrn } });
    revalidatePath("/extranet");
    return booking;
  }, reservationUrn);
}

export async function declineBookingAction(hotelUrn: string, reservationUrn: string, reason: string) {
  return consoleAction(async (ctx) => {
    const booking = await declineHotelBooking({ ctx, input: { hotelUrn, reservationUrn, reason } });
    revalidatePath("/extranet");
    return booking;
  }, reservationUrn);
}

export async function recordArrivalAction(hotelUrn: string, reservationUrn: string, status: ArrivalStatus) {
  return consoleAction(async (ctx) => {
    const booking = await recordArrival({ ctx, input: { hotelUrn, reservationUrn, status } });
    revalidatePath("/extranet");
    return booking;
  }, reservationUrn);
}

export async function setInventoryAction(hotelUrn: string, input: { date: string; rooms: number; nightlyRate: number | null }) {
  return consoleAction(async (ctx) => {
    const night = await setHotelInventory({ ctx, input: { hotelUrn, ...input } });
    revalidatePath("/extranet");
    return night;
  }, hotelUrn);
}

export async function answerCallAction(callUrn: string, hotelUrn: string, input: { rooms: number; nightlyRate: number | null }) {
  return consoleAction(async (ctx) => {
    const call = await answerCapacityCall({ ctx, input: { callUrn, hotelUrn, ...input } });
    revalidatePath("/extranet");
    return call;
  }, callUrn);
}
