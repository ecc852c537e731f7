import { z } from "zod";
import { pageOf, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { CareComplianceParams, CareComplianceReport } from "@/lib/reports/care-compliance-schemas";
import { GenerateReportInput, Report, ReportListQuery, ReportSummary } from "@/lib/reports/schemas";

export const generateReportRoute = defineRoute({
  method: "POST",
  path: "/reports",
  tag: "Reports",
  summary: "Compute a weekly operations report now",
  description:
    "OPS_SUPERVISOR or ADMIN. Computes the report of the week (Monday 00:00 to Monday 00:00 in the tenant's time " +
    "zone, settings.timeZone, UTC by default) containing `weekOf`, or the last complete week, as the Monday 06:00 " +
    "job does: per airport and for ALL, review items resolved in the week by category, mean and p90 time to " +
    "resolve, share resolved by accepting a recommendation, SLA breaches; live cases opened in the week with time " +
    "to first voucher, to the last group housed, and the share of passengers housed within 30 minutes; top failing " +
    "policies and providers. Drills and shadow cases are left out. One report per week: computing a week again " +
    "replaces its figures (same URN). The body is optional. The report is the whole tenant's: a caller whose airports " +
    "are not every airport ([\"*\"]) gets 403 OUT_OF_SCOPE.",
  permission: "reports:write",
  body: GenerateReportInput,
  bodyOptional: true,
  response: Report,
  status: 201,
});

export const listReportsRoute = defineRoute({
  method: "GET",
  path: "/reports",
  tag: "Reports",
  summary: "List weekly reports",
  description: "The tenant's weekly reports, newest week first, without their figures.",
  permission: "read",
  query: ReportListQuery,
  response: pageOf(ReportSummary),
  errors: [422],
});

export const getReportRoute = defineRoute({
  method: "GET",
  path: "/reports/{reportUrn}",
  tag: "Reports",
  summary: "Get a weekly report",
  description:
    "A caller of every airport gets the tenant's figures. A caller limited to some airports gets only their rows; its " +
    "ALL row is the total over those airports and its failing policies and providers count only their items and " +
    "reservations (a report computed before this rule shows such a caller its airports' rows and no lists).",
  permission: "read",
  params: z.object({ reportUrn: urnParam("report") }),
  response: Report,
});

export const careComplianceRoute = defineRoute({
  method: "GET",
  path: "/reports/care-compliance",
  tag: "Reports",
  summary: "Right-to-care compliance: owed, provided, late, not provided, and the cost of care",
  description:
    "Every role that reads reports. Live cases created in [from, to) (at most 92 days; drills and shadows left out), " +
    "read from each case's newest care assessment: per regime × airport (the case's) × kind of care, the passengers " +
    "owed it under that regime, those it was provided to (meal voucher issued or redeemed; room confirmed or checked " +
    "out; shuttle seat assigned or completed, or ride voucher issued or used; a message sent or delivered), those " +
    "provided later than the kind's grace after it became owed (scheduled departure + fromMinutes; graceMinutes says " +
    "the grace) with the median and longest lateness, and the others counted per reason. The cost of care per " +
    "airport and currency, and per passenger owed any care. `airport` narrows to one airport (one outside the " +
    "caller's claims: 403 OUT_OF_SCOPE); without it, every airport the caller may see. `format=csv` answers " +
    "text/csv: one line per regime × airport × kind, then the cost lines.",
  permission: "read",
  query: CareComplianceParams,
  response: CareComplianceReport,
  errors: [403, 422],
});
