import { inngest } from "@/inngest/client";
import { toInngestFunction } from "@/inngest/adapter";
import type { AnyJob } from "@/lib/jobs/define";
import { labelSteps } from "@/lib/observability/profile";
// the in-process reactions to facts (wave settled, ...): every process that runs jobs runs them
import "@/lib/reactions";
import { agentRecommend } from "./agent-recommend";
import { allocateOnApproval, allocateOnRequest } from "./allocate";
import { careAssessors } from "./assess-care";
import { refreshCareOnVouchers } from "./care-vouchers";
import { bookGroup, bookWave } from "./book";
import { capacityCallJobs } from "./capacity-calls";
import { checkOutStays } from "./check-out";
import { closeBookedItemsOnSettled } from "./close-booked-items";
import { caseCreatedLog } from "./case-created-log";
import { caseIntakeAcknowledged } from "./case-intake-acknowledged";
import { deliverMessageOnQueued, deliverMessageSweep } from "./deliver-message";
import { erasePersonalData } from "./erase-personal-data";
import { jobRetention } from "./job-retention";
import { mealVoucherJobs } from "./meal-vouchers";
import { messageSubscribers } from "./messages";
import { passengerFlow, rideFollowUpOnRefreshed } from "./passenger-flow";
import { completeTransport, dropTransportOnCancelled, followNextFlightTransport, recordFleetShortfall } from "./plan-transport";
import { reaccommodateStays } from "./reaccommodate-stays";
import { reconfirmationJobs } from "./reconfirm-reservation";
import { rehouseWalked } from "./rehouse-walked";
import { releaseChosenStay } from "./release-chosen-stay";
import { returnLegEmail } from "./return-leg";
import { rideJobs } from "./rides";
import { repairReviewNeeded } from "./review-needed";
import { reviewSla, reviewSlaReleased, reviewSlaReschedule, reviewSlaRescheduled } from "./review-sla";
import { deliverWebhook } from "./webhooks";
import { weeklyReport } from "./weekly-report";

/** Every job: run by the embedded runner (instrumentation.ts passes them to boot) and served to Inngest. Add new ones here. */
export const jobs: AnyJob[] = [caseCreatedLog, caseIntakeAcknowledged, allocateOnApproval, allocateOnRequest, bookWave, bookGroup, passengerFlow, rideFollowUpOnRefreshed, checkOutStays, deliverMessageOnQueued, deliverMessageSweep, ...messageSubscribers,
  reviewSla, reviewSlaRescheduled, reviewSlaReleased, reviewSlaReschedule, deliverWebhook, weeklyReport, agentRecommend, dropTransportOnCancelled, recordFleetShortfall, completeTransport, followNextFlightTransport,
  reaccommodateStays, releaseChosenStay, returnLegEmail, erasePersonalData, closeBookedItemsOnSettled, ...careAssessors, refreshCareOnVouchers, ...mealVoucherJobs, ...rideJobs,
  // one line per domain from here: branches that add jobs side by side merge without a conflict
  ...capacityCallJobs,
  ...reconfirmationJobs,
  rehouseWalked,
  jobRetention,
  repairReviewNeeded,
].map(labelSteps);

/** The registry as Inngest functions, for serve(). */
export const functions = jobs.map((job) => toInngestFunction(inngest, job));
