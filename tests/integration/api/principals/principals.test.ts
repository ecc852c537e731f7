import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "@/db/schema";
import { routes } from "@/lib/api/routes";
import type { Role } from "@/lib/auth/roles";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase, call, tokenFor } from "@/tests/helpers/api";
import { makeRecords, OTHER_TENANT, type Records, tableCounter, TENANT } from "@/tests/helpers/records";
import { CONTRACT_ROLES, type ContractRule } from "./contract-roles";
import { handlerOf, validRequest } from "./requests";

/**
 * Every endpoint × every principal, against the contract's role table (./contract-roles.ts):
 * each role in and out of airport scope, FEED on a case it did and did not create, another
 * tenant's ADMIN, principals of every airport, no token, and hotel users (issue 22: of the records'
 * hotel, of another hotel, of the same hotel in another tenant), whom every route but their
 * hotels' refuses with 403 FORBIDDEN. A refused call (401, 403, 404)
 * changes no row of any table but for the one `access-denied` audit entry of a 403. An allowed
 * read shows nothing of a record or an airport outside the principal's scope (issue 18: reports,
 * webhook subscriptions and deliveries included).
 */

type Principal = {
  name: string;
  role?: Role;
  tenant?: string;
  airports?: string[];
  sub?: string;
  /** a HOTEL user's claim: the records' hotel, or another one */
  hotel?: "own" | "other";
  /** what sets this principal apart from an in-scope caller of its role */
  kind: "in-scope" | "out-of-scope" | "not-creator" | "other-tenant" | "anonymous";
};

const PRINCIPALS: Principal[] = [
  { name: "no token", kind: "anonymous" },
  { name: "ADMIN of another tenant", role: "ADMIN", tenant: OTHER_TENANT, airports: ["*"], kind: "other-tenant" },
  { name: "ADMIN at LHR", role: "ADMIN", airports: ["LHR"], kind: "out-of-scope" },
  { name: "OPS_SUPERVISOR at LHR", role: "OPS_SUPERVISOR", airports: ["LHR"], kind: "out-of-scope" },
  { name: "AIRPORT_OPERATOR at LHR", role: "AIRPORT_OPERATOR", airports: ["LHR"], kind: "out-of-scope" },
  { name: "HOTEL of another hotel", role: "HOTEL", airports: ["CDG"], hotel: "other", kind: "out-of-scope" },
  { name: "HOTEL of the hotel, in another tenant", role: "HOTEL", tenant: OTHER_TENANT, airports: ["CDG"], hotel: "own", kind: "other-tenant" },
  { name: "FEED feed-2 (not the creator)", role: "FEED", airports: ["CDG"], sub: "feed-2", kind: "not-creator" },
  { name: "FEED feed-1 (the creator)", role: "FEED", airports: ["CDG"], sub: "feed-1", kind: "in-scope" },
  { name: "AIRPORT_OPERATOR at CDG", role: "AIRPORT_OPERATOR", airports: ["CDG"], kind: "in-scope" },
  { name: "HOTEL of the hotel", role: "HOTEL", airports: ["CDG"], hotel: "own", kind: "in-scope" },
  { name: "OPS_SUPERVISOR at CDG", role: "OPS_SUPERVISOR", airports: ["CDG"], kind: "in-scope" },
  { name: "ADMIN at CDG", role: "ADMIN", airports: ["CDG"], kind: "in-scope" },
  { name: "OPS_SUPERVISOR of every airport", role: "OPS_SUPERVISOR", airports: ["*"], kind: "in-scope" },
  { name: "ADMIN of every airport", role: "ADMIN", airports: ["*"], kind: "in-scope" },
];

type Expected = { status: 401 } | { status: 403; code: "FORBIDDEN" | "OUT_OF_SCOPE" } | { status: 404 } | "allowed" | "public";

/** What the contract says this principal gets from this endpoint, given the records it names. */
function expected(rule: ContractRule, p: Principal): Expected {
  if (rule.roles === "public") return "public";
  if (p.kind === "anonymous") return { status: 401 };
  if (!rule.roles.includes(p.role!) || rule.scope === "machine") return { status: 403, code: "FORBIDDEN" };
  if (rule.scope === "hotel" || rule.scope === "hotel-record") {
    // a hotel user outside its claim, staff outside CDG; a hotel user whose airline has no contract there
    if (p.kind === "out-of-scope") return { status: 403, code: "OUT_OF_SCOPE" };
    if (p.kind === "other-tenant" && (p.role === "HOTEL" || rule.scope === "hotel-record")) return { status: 404 };
    return "allowed";
  }
  if (rule.scope === "call") {
    if (p.kind === "other-tenant" || (p.kind === "out-of-scope" && p.role === "HOTEL")) return { status: 404 };
    if (p.kind === "out-of-scope") return { status: 403, code: "OUT_OF_SCOPE" };
    return "allowed";
  }
  if (rule.scope === "tenant" && !p.airports!.includes("*")) return { status: 403, code: "OUT_OF_SCOPE" };
  if (p.kind === "other-tenant" && (rule.scope === "record" || rule.scope === "tenant-record")) return { status: 404 };
  if (p.kind === "out-of-scope" && (rule.scope === "record" || rule.scope === "airport")) return { status: 403, code: "OUT_OF_SCOPE" };
  if (p.kind === "not-creator" && rule.scope === "record") return { status: 404 };
  return "allowed";
}

/**
 * URNs of records a principal may not see, which no answer it gets may show (lists included), and
 * the figures of an airport outside its claims (a report's row is `"airport":"XXX"`).
 */
function hiddenFrom(p: Principal): string[] {
  const r = records;
  const atCdg = [r.caseUrn, r.demandUrn, r.itemUrn, r.waveUrn, r.reservationUrn, r.segmentUrn, r.policyUrn, r.subscriptionUrn, r.deliveryUrn];
  if (p.kind === "other-tenant") return [...atCdg, r.feed2CaseUrn, r.lhrCaseUrn, r.allAirportsSubscriptionUrn, r.reportUrn];
  if (p.kind === "out-of-scope") return [...atCdg, r.feed2CaseUrn, r.allAirportsSubscriptionUrn, '"airport":"CDG"'];
  if (p.kind === "not-creator") return [r.caseUrn, r.reservationUrn, r.segmentUrn];
  if (p.role === "FEED") return [r.feed2CaseUrn, r.lhrCaseUrn];
  if (!p.airports!.includes("*")) return [r.allAirportsSubscriptionUrn, '"airport":"LHR"'];
  return [];
}

const database = apiTestDatabase({ airports: true });
let records: Records;
let countAll: () => Promise<Record<string, number>>;
const tokens = new Map<string, string>();
const deniedCount = async () => (await database.db.select({ n: count() }).from(auditEntries).where(eq(auditEntries.action, "access-denied")))[0].n;

beforeAll(async () => {
  records = await makeRecords(database.db);
  countAll = await tableCounter(database.db);
  for (const p of PRINCIPALS) {
    const hotels = p.hotel ? { hotels: [p.hotel === "own" ? records.hotelUrn : newUrn("hotel")] } : {};
    if (p.role) tokens.set(p.name, await tokenFor({ tenant: p.tenant ?? TENANT, roles: [p.role], airports: p.airports!, ...(p.sub ? { sub: p.sub } : {}), ...hotels }));
  }
});

describe("the contract's role table", () => {
  it("names every route of the route table, and nothing else", () => {
    const declared = routes.map((r) => `${r.method} ${r.path}`).sort();
    expect(declared.filter((k) => !(k in CONTRACT_ROLES)), "routes without an entry in the contract's role table").toEqual([]);
    expect(Object.keys(CONTRACT_ROLES).filter((k) => !declared.includes(k)), "entries naming no route").toEqual([]);
  });
});

// writes first touch the records the refused calls name, so the order is the route table's and,
// per route, the refused principals before the allowed ones (PRINCIPALS is in that order)
describe.each(routes.map((spec) => [`${spec.method} ${spec.path}`, spec] as const))("%s", (key, spec) => {
  it("answers each principal as the contract says; a refused call writes nothing but its 403 audit entry", async () => {
    const rule = CONTRACT_ROLES[key];
    expect(rule, `${key} has no entry in the contract's role table`).toBeDefined();
    const { fn, extra } = await handlerOf(spec);
    for (const p of PRINCIPALS) {
      const want = expected(rule, p);
      const { path, opts } = validRequest(spec, records);
      const before = await countAll();
      const deniedBefore = await deniedCount();
      const res = await call(fn, `/${path.replace(/^\//, "")}`, { ...opts, params: { ...opts.params, ...extra }, token: tokens.get(p.name) });
      const what = `${key} as ${p.name}: ${res.status} ${res.json?.code ?? ""} ${res.json?.detail ?? ""}`;
      expect(res.status, what).toBeLessThan(500);
      if (want === "public") continue;
      if (want === "allowed") {
        expect([401, 403], what).not.toContain(res.status);
        if (spec.method === "GET") for (const hidden of hiddenFrom(p)) expect(res.text, `${what}: shows ${hidden}`).not.toContain(hidden);
        continue;
      }
      expect(res.status, what).toBe(want.status);
      if (want.status === 403) expect(res.json?.code, what).toBe(want.code);
      const after = await countAll();
      expect(after, `${what}: a refused call changed rows`).toEqual({ ...before, audit_entries: before.audit_entries + (want.status === 403 ? 1 : 0) });
      if (want.status === 403) expect(await deniedCount(), `${what}: the audit entry is the refusal's`).toBe(deniedBefore + 1);
    }
  });
});
