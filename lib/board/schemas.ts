import { z } from "zod";
import { WaveSource } from "@/lib/allocation/schemas";
import { IataCode } from "@/lib/primitives";
import { CaseStatus, ReviewCategory, ReviewPriority, ReviewState } from "@/lib/vocabulary";

export const BoardQuery = z.object({ airport: IataCode });
export type BoardQuery = z.infer<typeof BoardQuery>;

export const BoardReviewItem = z
  .object({
    urn: z.string(),
    caseUrn: z.string(),
    flightNumber: z.string().nullable(),
    category: ReviewCategory,
    priority: ReviewPriority,
    state: ReviewState,
    assignedTo: z.string().nullable(),
    slaDueAt: z.iso.datetime().nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: "BoardReviewItem" });

export const Board = z
  .object({
    airport: z.string(),
    revision: z.string().meta({ description: "changes whenever any figure of the board changes; poll and compare" }),
    generatedAt: z.iso.datetime(),
    cases: z.object({
      open: z.number().int().meta({ description: "live cases not CLOSED" }),
      byStatus: z.partialRecord(CaseStatus, z.number().int()),
      passengers: z.number().int(),
    }),
    rooms: z.object({
      needed: z.number().int().meta({ description: "rooms requested by the open cases' demands that were not rejected" }),
      booked: z.number().int().meta({ description: "rooms in CONFIRMED reservations" }),
      pending: z.number().int().meta({ description: "rooms in PENDING reservations (booking under way)" }),
      held: z.number().int().meta({ description: "rooms of groups whose passengers are HELD (no compliant hotel yet)" }),
      forLater: z.number().int().meta({
        description: "approved rooms no group waits for, held as a block for passengers added later (not a shortfall, not rooms to place)",
      }),
      notYetPlaced: z.number().int().meta({ description: "max(0, needed − booked − pending − held − forLater): requested rooms no group has been placed in yet" }),
    }),
    emails: z
      .object({
        delivered: z.number().int().meta({ description: "voucher emails the mail server accepted (SENT)" }),
        kept: z.number().int().meta({ description: "voucher emails KEPT in the outbox, not sent: no mail server (SMTP_URL) was configured when they were written" }),
        queued: z.number().int().meta({ description: "voucher emails waiting for the mailer" }),
        failed: z.number().int().meta({ description: "voucher emails refused or out of retries" }),
        mailServer: z.boolean().meta({ description: "whether a mail server (SMTP_URL) is configured; without one every voucher email is KEPT" }),
      })
      .meta({ description: "the open live cases' voucher emails by delivery state" }),
    review: z.object({
      byPriority: z.record(ReviewPriority, z.number().int()),
      overdue: z.number().int(),
      items: z.array(BoardReviewItem).meta({ description: "unresolved items, most urgent first, at most 50" }),
    }),
    transport: z.object({
      segments: z.number().int().meta({ description: "PLANNED and ASSIGNED segments" }),
      riders: z.number().int(),
      seats: z.number().int().meta({ description: "capacity of the segments that have one" }),
    }),
    providers: z.object({
      waveUrn: z.string().nullable().meta({ description: "the airport's latest wave, whose hotel sources are shown" }),
      at: z.iso.datetime().nullable(),
      sources: z.array(WaveSource),
    }),
  })
  .meta({ id: "Board", description: "One airport's live operations board" });
export type Board = z.infer<typeof Board>;
export type BoardReviewItem = z.infer<typeof BoardReviewItem>;
