import type { RouteSpec } from "@/lib/api/route";
import * as agent from "./agent";
import * as allocation from "./allocation";
import * as audit from "./audit";
import * as board from "./board";
import * as booking from "./booking";
import * as capacity from "./capacity";
import * as care from "./care";
import * as careOverrides from "./care-overrides";
import * as cases from "./cases";
import * as demand from "./demand";
import * as extranet from "./extranet";
import * as hotels from "./hotels";
import * as meals from "./meals";
import * as messages from "./messages";
import * as passenger from "./passenger";
import * as policies from "./policies";
import * as quality from "./quality";
import * as reports from "./reports";
import * as review from "./review";
import * as rides from "./rides";
import * as settings from "./settings";
import * as sms from "./sms";
import * as system from "./system";
import * as transport from "./transport";
import * as users from "./users";
import * as vouchers from "./vouchers";
import * as webhooks from "./webhooks";

/** Every endpoint of /api/v1; the OpenAPI document and the route coverage test read this list. */
export const routes: RouteSpec[] = [system, audit, board, cases, care, careOverrides, policies, demand, review, allocation, hotels, vouchers, messages, meals, booking, agent, transport, rides, settings, webhooks, reports, users, passenger, sms, capacity, extranet, quality].flatMap((m) =>
  Object.values(m).filter((v): v is RouteSpec => typeof v === "object" && v !== null && "method" in v && "path" in v),
);
