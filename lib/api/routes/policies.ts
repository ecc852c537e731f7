import { z } from "zod";
import { pageOf, urnParam } from "@/lib/api/params";
import { defineRoute } from "@/lib/api/route";
import { ActivateBody, Policy, PolicyInput, PolicyListQuery, PolicyPatch } from "@/lib/policies/schemas";

const PolicyParams = z.object({ policyUrn: urnParam("policy") });

export const createPolicyRoute = defineRoute({
  method: "POST",
  path: "/policies",
  tag: "Policies",
  summary: "Create a policy",
  description:
    "Creates a DRAFT policy (no effect until activated) as the next version of its context " +
    "(airport, airline, country, tier set): version = highest version of that context + 1. Absent fields take " +
    "the defaults in the schema and are returned. The airport must be a known IATA code (422); its currency " +
    "becomes the policy's currency. A cardToken that looks like a card number is refused (422) and never stored. " +
    "An airport-specific policy needs that airport in the caller's claims (403 OUT_OF_SCOPE).",
  permission: "policy:write",
  sets: { status: ["DRAFT"] },
  body: PolicyInput,
  response: Policy,
  status: 201,
});

export const listPoliciesRoute = defineRoute({
  method: "GET",
  path: "/policies",
  tag: "Policies",
  summary: "List policies",
  description:
    "Policies of the caller's tenant, newest first, filtered by status, airport, airline and tier. A principal " +
    "limited to some airports sees those airports' policies and the airport-less ones (airline, country, global).",
  permission: "read",
  query: PolicyListQuery,
  response: pageOf(Policy),
  errors: [422],
});

export const getPolicyRoute = defineRoute({
  method: "GET",
  path: "/policies/{policyUrn}",
  tag: "Policies",
  summary: "Get a policy",
  permission: "read",
  params: PolicyParams,
  response: Policy,
});

export const activatePolicyRoute = defineRoute({
  method: "POST",
  path: "/policies/{policyUrn}/activate",
  tag: "Policies",
  summary: "Activate a policy",
  description:
    "DRAFT or ARCHIVED (a rollback) → ACTIVE. The ACTIVE version of the same context becomes ARCHIVED in the " +
    "same transaction; both changes are audited with before/after. Activating an ACTIVE policy: 409 " +
    "INVALID_TRANSITION. A concurrent activation in the same context that commits first: 409 CONFLICT " +
    "(never two ACTIVE versions). The body and its reason are optional.",
  permission: "policy:write",
  sets: { status: ["ACTIVE", "ARCHIVED"] },
  params: PolicyParams,
  body: ActivateBody,
  bodyOptional: true,
  response: Policy,
  errors: [409],
});

export const updatePolicyRoute = defineRoute({
  method: "PATCH",
  path: "/policies/{policyUrn}",
  tag: "Policies",
  summary: "Edit a draft policy",
  description:
    "Not in the specification; for the console. A JSON merge patch of a DRAFT policy, validated as a whole " +
    "PolicyInput (422 otherwise). context and tiers cannot change (422). An ACTIVE or ARCHIVED version is never " +
    "edited (409 INVALID_TRANSITION): create a new version instead. Audited with before/after.",
  permission: "policy:write",
  sets: { status: ["DRAFT"] },
  params: PolicyParams,
  body: PolicyPatch,
  response: Policy,
  errors: [409],
});
