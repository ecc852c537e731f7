import { describe, expect, it } from "vitest";
import { allocateOnApproval } from "@/inngest/functions/allocate";
import { bookGroup, bookWave } from "@/inngest/functions/book";
import { mealVoucherJobs } from "@/inngest/functions/meal-vouchers";

describe("meal voucher jobs at a meltdown", () => {
  it("run after allocation and booking: their priority is the default or lower", () => {
    const booking = [allocateOnApproval, bookWave, bookGroup];
    const lowestBooking = Math.min(...booking.map((j) => j.priority ?? 0));
    for (const job of mealVoucherJobs) {
      expect(job.priority ?? 0, job.id).toBeLessThanOrEqual(0);
      expect(job.priority ?? 0, job.id).toBeLessThan(lowestBooking);
    }
  });
});
