import fs from "node:fs";
import path from "node:path";
import { isValidElement } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { encodeCursor } from "@/lib/http/cursor";
import { resetSessionCache } from "@/lib/auth/console-sessions";
import { DomainError } from "@/lib/errors";
import { apiTestDatabase } from "@/tests/helpers/api";
import { policyPayload } from "@/tests/helpers/policies";
import { makeRecords, type Records, tableCounter, TENANT } from "@/tests/helpers/records";
import { consoleCookie } from "@/tests/helpers/sessions";

/**
 * Issue 29 §1: every console server action and every console page (and console route), called as
 * a contracted hotel's user, a FEED client and an AIRPORT_OPERATOR of another airport, each with a
 * real console session cookie read by next-auth (Next's request headers are the one thing stood
 * in for: there is no request outside `next start`). The actions and pages are found on the file
 * system, so a new one is tested as soon as it exists (an action also needs its sample arguments
 * below, or this file fails). None may answer the tenant's CDG records: an action is refused
 * (FORBIDDEN, OUT_OF_SCOPE, NOT_FOUND, or a FEED session sent to sign-in) and writes nothing but
 * its `access-denied` audit entry, or — a read open to the role — answers nothing of CDG; a page
 * throws its refusal or renders (async components and all) nothing of CDG. The pages are called
 * without the proxy, which sends a HOTEL session to /extranet before any of them renders
 * (proxy.ts): the verbs must hold by themselves.
 */

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => {
    const jar = new Map(
      (request.headers.get("cookie") ?? "")
        .split(/;\s*/)
        .filter(Boolean)
        .map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)] as const),
    );
    return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined), getAll: () => [...jar].map(([name, value]) => ({ name, value })), has: (n: string) => jar.has(n), set: () => undefined, delete: () => undefined };
  },
  draftMode: async () => ({ isEnabled: false }),
}));
// outside a request Next's cache has no store to revalidate: an action that (wrongly) succeeded must still answer ok
vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const database = apiTestDatabase({ airports: true });
const ROOT = process.cwd();

type Outsider = { name: string; roles: string[]; airports: string[]; hotel?: boolean };
const OUTSIDERS: Outsider[] = [
  // the hotel@demo.test: a hotel at CDG, the airport of every record below
  { name: "HOTEL user of the records' CDG hotel", roles: ["HOTEL"], airports: ["*"], hotel: true },
  { name: "FEED client", roles: ["FEED"], airports: ["CDG"] },
  { name: "AIRPORT_OPERATOR at LHR", roles: ["AIRPORT_OPERATOR"], airports: ["LHR"] },
];

/** Files under `dir` whose name matches. */
function filesUnder(dir: string, match: (name: string) => boolean): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(rel, match);
    return match(e.name) ? [rel.split(path.sep).join("/")] : [];
  });
}

/** Server-action modules: every file of app/ and components/ that starts with "use server". */
const ACTION_FILES = [...filesUnder("app", (n) => /\.tsx?$/.test(n)), ...filesUnder("components", (n) => /\.tsx?$/.test(n))]
  .filter((f) => /^\s*["']use server["']/.test(fs.readFileSync(path.join(ROOT, f), "utf8")))
  .sort();
/** Console and extranet pages and console routes (CSV, print). */
const PAGE_FILES = [...filesUnder("app/(console)", (n) => n === "page.tsx" || n === "route.ts"), ...filesUnder("app/(extranet)", (n) => n === "page.tsx")].sort();

/** Actions no outsider test applies to: they act on the caller's own session or precede one. */
const NOT_TENANT_DATA: Record<string, string> = {
  "app/(console)/actions.ts#signOutAction": "ends the caller's own session",
  "app/sign-in/actions.ts#signInWithPassword": "signing in: no session yet",
  "app/sign-in/actions.ts#signInWithSso": "signing in: no session yet",
};
/** The extranet's actions and page are a hotel user's own (tests/integration/extranet covers their scope). */
const HOTELS_OWN = (file: string) => file.startsWith("components/extranet/") || file.startsWith("app/(extranet)/");

/** Arguments naming the CDG records, as the console's forms would post them. */
const ACTION_ARGS: Record<string, (r: Records) => unknown[]> = {
  "app/(console)/admin/drills/actions.ts#launchDrillAction": () => [{ airport: "CDG", passengers: 10 }],
  "app/(console)/admin/settings/actions.ts#updateSettingsAction": () => [{ slaMinutes: 5 }],
  "app/(console)/admin/tokens/actions.ts#mintTokenAction": () => [{ name: "outsider", airports: ["CDG"] }],
  "app/(console)/admin/tokens/actions.ts#revokeTokenAction": () => [{ urn: "urn:svc:token:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", reason: "outsider" }],
  "app/(console)/admin/users/actions.ts#createHotelUserAction": (r) => [{ email: "outsider@x.test", name: "Outsider", password: "a long password 123", hotels: [r.hotelUrn] }],
  "app/(console)/admin/users/actions.ts#updateUserHotelsAction": (r) => [r.userUrn, [r.hotelUrn]],
  "app/(console)/admin/webhooks/actions.ts#createSubscriptionAction": () => [{ url: "https://hooks.example.com/outsider", events: ["review.created"] }],
  "app/(console)/admin/webhooks/actions.ts#disableSubscriptionAction": (r) => [r.subscriptionUrn],
  "app/(console)/admin/webhooks/actions.ts#redeliverAction": (r) => [r.deliveryUrn],
  // the "Load more": refused requests included, from past the newest entry
  "app/(console)/audit/actions.ts#loadMoreAudit": () => [{ refused: "include" }, encodeCursor(["urn:svc:audit:ffffffff-ffff-7fff-bfff-ffffffffffff"])],
  "app/(console)/cases/actions.ts#createDemandAction": (r) => [r.caseUrn, { type: "INCREMENTAL", roomsRequested: 1 }],
  "app/(console)/cases/new/actions.ts#previewNewCaseAction": () => ["pnr,passenger_id,first_name,last_name,tier\nOUT001,O-1,Out,Sider,ECONOMY"],
  "app/(console)/cases/new/actions.ts#manifestOfFileAction": () => {
    const data = new FormData();
    data.set("file", new File(["pnr,passenger_id,first_name,last_name,tier\nOUT001,O-1,Out,Sider,ECONOMY"], "outsider.csv", { type: "text/csv" }));
    return [data];
  },
  "app/(console)/cases/new/actions.ts#openCaseAction": () => [
    {
      externalEventId: "outsider-case",
      flight: { number: "AF9999", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T20:00", status: "CANCELLED" },
      disruption: { type: "CANCELLATION", cause: "AIRLINE" },
      manifest: "pnr,passenger_id,first_name,last_name,tier\nOUT001,O-1,Out,Sider,ECONOMY",
    },
    true,
  ],
  "components/demand/decide-actions.ts#approveWaitingDemandAction": (r) => [r.demandUrn, "approved by an outsider"],
  "components/demand/decide-actions.ts#rejectWaitingDemandAction": (r) => [r.demandUrn, "rejected by an outsider"],
  "app/(console)/review/actions.ts#askDeskAction": (r) => [r.itemUrn],
  "app/(console)/cases/actions.ts#approveDemandAction": (r) => [r.demandUrn, "approved by an outsider"],
  "app/(console)/cases/actions.ts#rejectDemandAction": (r) => [r.demandUrn, "rejected by an outsider"],
  "app/(console)/cases/actions.ts#closeCaseAction": (r) => [r.caseUrn, "closed by an outsider"],
  "app/(console)/cases/actions.ts#reopenCaseAction": (r) => [r.caseUrn, "reopened by an outsider"],
  "app/(console)/cases/actions.ts#erasePassengerAction": (r) => [r.caseUrn, "S-1", "erased by an outsider"],
  "app/(console)/cases/actions.ts#splitGroupAction": (r) => [r.caseUrn, r.groupId, { into: [["F-1"], ["F-2", "F-3"]], reason: "split by an outsider" }],
  "app/(console)/find-action.ts#findAction": () => ["BOOK01"],
  "app/(console)/policies/actions.ts#createPolicyAction": () => [policyPayload({ context: { airport: "CDG" } })],
  "app/(console)/policies/actions.ts#updatePolicyAction": (r) => [r.policyUrn, policyPayload({ context: { airport: "CDG" } })],
  "app/(console)/policies/actions.ts#activatePolicyAction": (r) => [r.policyUrn, "activated by an outsider"],
  "app/(console)/policies/actions.ts#synthesizePolicyAction": () => ["Economy passengers at CDG: 3 stars within 20 km"],
  "app/(console)/reports/actions.ts#generateReportAction": () => [],
  "app/(console)/review/actions.ts#claimAction": (r) => [r.itemUrn],
  "app/(console)/review/actions.ts#releaseAction": (r) => [r.itemUrn, "released by an outsider"],
  "app/(console)/review/actions.ts#rebookAction": (r) => [r.itemUrn, { hotelUrn: r.hotelUrn, reason: "rebooked by an outsider" }],
  "app/(console)/review/actions.ts#relaxAction": (r) => [r.itemUrn, { fields: { minStars: 2 }, reason: "relaxed by an outsider" }],
  "app/(console)/review/actions.ts#splitAction": (r) => [r.itemUrn, { groupId: r.groupId, into: [["F-1"], ["F-2", "F-3"]], reason: "split by an outsider" }],
  "app/(console)/review/actions.ts#overrideAction": (r) => [r.itemUrn, { hotelUrn: r.hotelUrn, providerOfferId: "offer-1", reason: "override by an outsider" }],
  "app/(console)/review/actions.ts#resolveAction": (r) => [r.itemUrn, { resolution: "NO_ACTION", reason: "resolved by an outsider" }],
  "app/(console)/review/actions.ts#refreshRecommendationsAction": (r) => [r.itemUrn],
  "app/(console)/waves/actions.ts#overrideWaveAction": (r) => [r.waveUrn, { groupId: r.bookedGroupId, hotelUrn: r.hotelUrn, reason: "override by an outsider" }],
  "app/(console)/waves/actions.ts#rerunWaveAction": (r) => [r.waveUrn, "rerun by an outsider"],
  "components/board/actions.ts#callHotelsAction": () => ["CDG", "called by an outsider"],
  "components/booking/actions.ts#cancelReservationAction": (r) => [r.reservationUrn, "cancelled by an outsider", false],
  "components/booking/actions.ts#reportProblemAction": (r) => [r.reservationUrn, ["DIRTY"], "reported by an outsider"],
  "components/extranet/actions.ts#confirmBookingAction": (r) => [r.hotelUrn, r.reservationUrn],
  "components/extranet/actions.ts#declineBookingAction": (r) => [r.hotelUrn, r.reservationUrn, "declined by an outsider"],
  "components/extranet/actions.ts#recordArrivalAction": (r) => [r.hotelUrn, r.reservationUrn, "NO_SHOW"],
  "components/extranet/actions.ts#setInventoryAction": (r) => [r.hotelUrn, { date: "2026-11-21", rooms: 3, nightlyRate: 100 }],
  "components/extranet/actions.ts#answerCallAction": (r) => [r.callUrn, r.hotelUrn, { rooms: 2, nightlyRate: 100 }],
  "components/messages/actions.ts#resendMessageAction": (r) => [r.messageUrn, "resent by an outsider"],
  "components/transport/actions.ts#retimeSegmentAction": (r) => [r.segmentUrn, "2026-11-21T20:00:00Z", "retimed by an outsider"],
  "components/transport/actions.ts#assignVehicleAction": (r) => [r.segmentUrn, { vehicleId: "VAN-1" }, "assigned by an outsider"],
  "components/transport/actions.ts#cancelSegmentAction": (r) => [r.segmentUrn, "cancelled by an outsider"],
};

/** Reads a role may be allowed (an operator searching, paging the audit): they answer, within the caller's airports. */
const SCOPED_READS = new Set(["app/(console)/find-action.ts#findAction", "app/(console)/audit/actions.ts#loadMoreAudit"]);
const REFUSED = ["FORBIDDEN", "OUT_OF_SCOPE", "NOT_FOUND"];

let records: Records;
let countAll: () => Promise<Record<string, number>>;
const cookies = new Map<string, string>();
const subs = new Map<string, string>();

/**
 * What no outsider may read: every record at CDG by URN, the CDG case's route and its passengers'
 * names; a HOTEL user or a FEED client, nothing of the console's at all.
 */
function hiddenFrom(o: Outsider): string[] {
  const r = records;
  const cdg = [r.caseUrn, r.feed2CaseUrn, r.demandUrn, r.itemUrn, r.waveUrn, r.reservationUrn, r.segmentUrn, r.policyUrn, r.subscriptionUrn, r.allAirportsSubscriptionUrn, r.deliveryUrn, r.messageUrn, r.callUrn, r.userUrn, "CDG→JFK", "LastB-1", "LastF-2"];
  return o.hotel || o.roles.includes("FEED") ? [...cdg, r.lhrCaseUrn, "LHR→CDG", r.reportUrn] : cdg;
}

/**
 * An answer without the caller's own audit entries: its refused attempts on CDG records (this
 * file's) name the URNs it sent itself, and the audit shows a reader its own refusals.
 */
function withoutOwn(data: unknown, sub: string): unknown {
  if (Array.isArray(data)) return data.filter((d) => !(d && typeof d === "object" && (d as { actor?: unknown }).actor === sub)).map((d) => withoutOwn(d, sub));
  if (data && typeof data === "object") return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, withoutOwn(v, sub)]));
  return data;
}

/** The request the page or action runs in: the outsider's cookie; a server action's POST carries `next-action`. */
function signedInAs(o: Outsider, serverAction: boolean) {
  request.headers = new Headers({ host: "console.test", cookie: cookies.get(o.name)!, ...(serverAction ? { "next-action": "test", origin: "http://console.test" } : {}) });
}

/** Every string an element tree carries once its async (server) components have run: what the page would send. */
async function renderedStrings(node: unknown, out: string[] = [], seen = new WeakSet<object>()): Promise<string[]> {
  if (node === null || node === undefined || typeof node === "boolean") return out;
  if (typeof node === "string" || typeof node === "number") {
    out.push(String(node));
    return out;
  }
  if (typeof node !== "object") return out;
  if (seen.has(node)) return out;
  seen.add(node);
  if (node instanceof Promise) return renderedStrings(await node, out, seen);
  if (node instanceof Date) {
    out.push(node.toISOString());
    return out;
  }
  if (isValidElement(node)) {
    const { type, props } = node as { type: unknown; props: Record<string, unknown> };
    if (typeof type === "function" && type.constructor.name === "AsyncFunction") return renderedStrings(await (type as (p: unknown) => Promise<unknown>)(props), out, seen);
    return renderedStrings(props, out, seen);
  }
  for (const value of Array.isArray(node) ? node : node instanceof Map ? [...node.entries()] : Object.values(node)) await renderedStrings(value, out, seen);
  return out;
}

/** A thrown redirect or not-found: Next's own errors carry their outcome in `digest`. */
const digestOf = (err: unknown) => (err && typeof err === "object" && "digest" in err ? String((err as { digest: unknown }).digest) : null);

beforeAll(async () => {
  records = await makeRecords(database.db);
  countAll = await tableCounter(database.db);
  for (const o of OUTSIDERS) {
    const { cookie, sub } = await consoleCookie(database.db, { tenant: TENANT, roles: o.roles, airports: o.airports, ...(o.hotel ? { hotels: [records.hotelUrn] } : {}) });
    cookies.set(o.name, cookie);
    subs.set(o.name, sub);
  }
}, 120_000);

describe("the file system's server actions and pages", () => {
  it("every server action has sample arguments here (or is named as no tenant data)", async () => {
    const found: string[] = [];
    for (const file of ACTION_FILES) {
      const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
      for (const [name, fn] of Object.entries(mod)) if (typeof fn === "function") found.push(`${file}#${name}`);
    }
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((k) => !(k in ACTION_ARGS) && !(k in NOT_TENANT_DATA)), "server actions without sample arguments in this test").toEqual([]);
    expect(Object.keys(ACTION_ARGS).filter((k) => !found.includes(k)), "sample arguments of no server action").toEqual([]);
    expect(PAGE_FILES.length).toBeGreaterThan(25);
  });
});

/**
 * Every service verb a console page, component or server action calls, found in their source: a
 * `verb({ ctx, … })` or `verb(ctx, …)` imported from lib/. Each refuses a principal holding no
 * role (FORBIDDEN) before it reads or parses anything: the permission check is the verb's own, not
 * the page's. The helpers below take no permission of their own, for the reason given. (The job
 * pages read lib/jobs/queries with `ctx.db` after their own ADMIN check: no verb of a ctx.)
 */
const NO_PERMISSION_OF_THEIR_OWN: Record<string, string> = {
  "@/lib/cases/airports#airportTimeZones": "IANA time zones of airports: reference data, no tenant record",
  "@/lib/cases/airports#airportTimeZone": "IANA time zones of airports: reference data, no tenant record",
  "@/lib/cases/load#loadCase": "the scope check itself (tenant, airport, FEED's own cases), called after a verb's permission check",
  "@/lib/care/rooms#roomsFromCare": "works on a case row a checked verb loaded (loadCase)",
  "@/lib/review/wave-context#latestWave": "the review item page's, after getReviewItem checked the permission and the airport; also inside the review verbs' transactions",
  "@/lib/review/wave-context#itemGroups": "the review item page's, after getReviewItem checked the permission and the airport; also inside the review verbs' transactions",
  "@/lib/policies/active-of-context#activeOfContext": "reads through listPolicies, which checks the permission and the airport",
};

function consoleVerbs(): { key: string; module: string; name: string; positional: boolean }[] {
  const sources = [...filesUnder("app/(console)", (n) => /\.tsx?$/.test(n)), ...filesUnder("app/(extranet)", (n) => /\.tsx?$/.test(n)), ...filesUnder("components", (n) => /\.tsx?$/.test(n))];
  const found = new Map<string, { key: string; module: string; name: string; positional: boolean }>();
  for (const file of sources) {
    const src = fs.readFileSync(path.join(ROOT, file), "utf8");
    const imported = new Map<string, string>();
    for (const m of src.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(@\/lib\/[^"]+)"/g)) {
      for (const part of m[1].split(",")) {
        const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop();
        if (name) imported.set(name, m[2]);
      }
    }
    for (const m of src.matchAll(/\b([a-zA-Z]+)\((\{\s*)?ctx\s*[,})]/g)) {
      const from = imported.get(m[1]);
      if (from) found.set(`${from}#${m[1]}`, { key: `${from}#${m[1]}`, module: from, name: m[1], positional: !m[2] });
    }
  }
  return [...found.values()].sort((a, b) => a.key.localeCompare(b.key));
}

describe("every verb a console page or server action calls checks its permission itself", () => {
  const verbs = consoleVerbs();

  it("finds them (and each exemption names one)", () => {
    expect(verbs.length).toBeGreaterThan(80);
    expect(Object.keys(NO_PERMISSION_OF_THEIR_OWN).filter((k) => !verbs.some((v) => v.key === k)), "exemptions of no verb").toEqual([]);
  });

  it.each(verbs.filter((v) => !(v.key in NO_PERMISSION_OF_THEIR_OWN)).map((v) => [v.key, v] as const))("%s refuses a principal with no role", async (_key, verb) => {
    const mod = (await import(/* @vite-ignore */ verb.module)) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const ctx = { db: database.db, principal: { sub: "urn:svc:user:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", tenant: TENANT, roles: [], airports: ["*"], kind: "user" as const }, requestId: "no-role" };
    const err = await (verb.positional ? mod[verb.name](ctx, records.caseUrn, []) : mod[verb.name]({ ctx, input: { caseUrn: records.caseUrn } })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, `${verb.key} answered a principal with no role`).toBeInstanceOf(DomainError);
    expect((err as DomainError).code, String(err)).toBe("FORBIDDEN");
  });
});

describe.each(OUTSIDERS.map((o) => [o.name, o] as const))("as %s", (_name, outsider) => {
  // pages first: the actions' refusals are audited, and a reader's audit shows it its own
  it.each(PAGE_FILES.filter((f) => !(outsider.hotel && HOTELS_OWN(f))))("%s shows nothing of CDG", async (file) => {
    const mod = (await import(path.join(ROOT, file))) as { default?: (p: unknown) => unknown; GET?: (req: Request, ctx: unknown) => Promise<Response> };
    const r = records;
    const byName: Record<string, string> = { caseUrn: r.caseUrn, reservationUrn: r.reservationUrn, itemUrn: r.itemUrn, policyUrn: r.policyUrn, waveUrn: r.waveUrn, reportUrn: r.reportUrn, runId: "none" };
    const params = Object.fromEntries([...file.matchAll(/\[([A-Za-z]+)\]/g)].map((m) => [m[1], byName[m[1]] ?? "sample"]));
    // bare, then pointed at the CDG records the way the console's links are
    const pointed = { airport: "CDG", case: r.caseUrn, caseUrn: r.caseUrn, hotel: r.hotelUrn, preview: r.messageUrn, call: r.callUrn, refused: "include", from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z" };
    for (const search of [{}, pointed] as Record<string, string>[]) {
      const given = new Set([...Object.values(params), ...Object.values(search)]);
      const hidden = hiddenFrom(outsider).filter((h) => !given.has(h));
      signedInAs(outsider, false);
      resetSessionCache();
      const what = `${file} ${JSON.stringify(search)} as ${outsider.name}`;
      let text: string;
      try {
        if (mod.GET) {
          const url = new URL(`http://console.test/${Object.values(params).join("/") || "x"}`);
          for (const [k, v] of Object.entries(search)) url.searchParams.set(k, v);
          const res = await mod.GET(new Request(url, { headers: request.headers }), { params: Promise.resolve(params) });
          text = `${res.status} ${res.headers.get("location") ?? ""} ${await res.text()}`;
        } else {
          text = (await renderedStrings(await mod.default!({ params: Promise.resolve(params), searchParams: Promise.resolve(search) }))).join("\n");
        }
      } catch (err) {
        // refused before anything rendered: the verb's refusal, not-found, or a redirect (sign-in, the extranet, a tab)
        const digest = digestOf(err);
        if (digest) expect(digest, what).toMatch(/^(NEXT_REDIRECT;[a-z]+;\/|NEXT_HTTP_ERROR_FALLBACK;40[34])/);
        else expect((err as { code?: string }).code, `${what}: ${String(err)}`).toMatch(/^(FORBIDDEN|OUT_OF_SCOPE|NOT_FOUND)$/);
        continue;
      }
      expect(hidden.filter((h) => text.includes(h)), `${what} shows these`).toEqual([]);
    }
  });

  it.each(Object.keys(ACTION_ARGS).filter((k) => !(outsider.hotel && HOTELS_OWN(k))))("%s is refused, or answers nothing of CDG, and writes nothing", async (key) => {
    const [file, name] = key.split("#");
    const mod = (await import(path.join(ROOT, file))) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    signedInAs(outsider, true);
    resetSessionCache();
    const before = await countAll();
    let result: unknown;
    try {
      result = await mod[name](...ACTION_ARGS[key](records));
    } catch (err) {
      // a FEED client holds no console session: sign-in is where the console sends it
      expect(digestOf(err), `${key}: ${String(err)}`).toMatch(/^NEXT_REDIRECT;[a-z]+;\/sign-in;/);
      expect(outsider.roles).toEqual(["FEED"]);
      expect(await countAll()).toEqual(before);
      return;
    }
    const answer = result as { ok?: true; data?: unknown; error?: { code: string; message: string } };
    const what = `${key} as ${outsider.name}: ${JSON.stringify(answer).slice(0, 300)}`;
    if (answer.ok) {
      expect(SCOPED_READS.has(key), `${what}: an outsider's action succeeded`).toBe(true);
      expect(outsider.hotel, `${what}: a hotel user reads the console`).toBeFalsy();
      const shown = JSON.stringify(withoutOwn(answer.data, subs.get(outsider.name)!));
      expect(hiddenFrom(outsider).filter((h) => shown.includes(h)), `${what} shows these`).toEqual([]);
      expect(await countAll()).toEqual(before);
      return;
    }
    expect(REFUSED, what).toContain(answer.error?.code);
    const after = await countAll();
    const denied = answer.error?.code === "FORBIDDEN" || answer.error?.code === "OUT_OF_SCOPE";
    expect(after, `${what}: a refused action changed rows`).toEqual({ ...before, audit_entries: before.audit_entries + (denied ? 1 : 0) });
  });
});
