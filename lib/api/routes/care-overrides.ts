import { z } from "zod";
import { urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { CareOverride, CareOverrideBody } from "@/lib/care/override-schemas";

const CaseParams = z.object({ caseUrn: urnParam("case") });

export const careOverrideRoute = defineRoute({
  method: "POST",
  path: "/cases/{caseUrn}/care/overrides",
  tag: "Care",
  summary: "Owe a group a hotel the rules do not",
  description:
    "A supervisor's override of the right to care: the group's passengers become owed HOTEL and TRANSPORT (basis regime " +
    "SUPERVISOR, \"supervisor override: <reason> (by <sub>)\"). Stored once per case and group and audited (action " +
    "care-override), then the case is re-assessed with trigger OVERRIDE; answers the group's new entitlements. It requests " +
    "no rooms itself: under a policy with care.requestRoomsFromCare the group is now placed by the next demand's allocation, " +
    "so request its rooms as an INCREMENTAL demand (or the INITIAL one). Unknown group 404; a group already owed a hotel, or " +
    "already overridden, 409 CONFLICT; a closed case 409 CASE_CLOSED; a missing reason or group 422.",
  permission: "care:override",
  params: CaseParams,
  body: CareOverrideBody,
  response: CareOverride,
  status: 201,
  errors: [404, 409, 422],
});
