import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { airports, cases } from "@/db/schema";
import { systemPrincipal } from "@/lib/auth/principal";
import { createCase } from "@/lib/cases/create";
import { NewCase, type SpecialNeed, type Tier } from "@/lib/cases/schemas";
import type { Ctx } from "@/lib/context";
import { createDemand } from "@/lib/demand/create";
import { ensureTenant } from "@/lib/tenants/ensure";
import { addDays, tonight, wallClock } from "./local-time";

// above every demo policy's automatic ceiling (50 rooms): a supervisor has something to approve
const ROOMS_AWAITING_APPROVAL = 400;

type Pax = [firstName: string, lastName: string, tier: Tier, needs?: SpecialNeed[]];
type Group = { pnr: string; groupId?: string; contact?: "email" | "phone" | "none"; passengers: Pax[] };

const family = (lastName: string, tier: Tier, members: [string, SpecialNeed[]?][]): Pax[] =>
  members.map(([firstName, needs]) => [firstName, lastName, tier, needs]);

/** Passenger ids `<flight>-<nnn>` in manifest order; contacts derived from the names. */
function manifest(flight: string, groups: Group[]): z.input<typeof NewCase>["passengerGroups"] {
  let n = 0;
  return groups.map((g) => ({
    pnr: g.pnr,
    ...(g.groupId ? { groupId: g.groupId } : {}),
    passengers: g.passengers.map(([firstName, lastName, tier, needs], i) => {
      const id = `${flight}-${String(++n).padStart(3, "0")}`;
      const handle = `${firstName}.${lastName}`.toLowerCase().normalize("NFD").replace(/[^a-z.]/g, "");
      // the lead passenger of a booking usually carries the contact
      const contact = g.contact ?? "email";
      return {
        id,
        firstName,
        lastName,
        tier,
        ...(i === 0 && contact === "email" ? { email: `${handle}@example.com` } : {}),
        ...(i === 0 && contact === "phone" ? { phone: `+33 6 12 ${String(10 + n).slice(-2)} ${String(40 + n).slice(-2)} 00` } : {}),
        ...(needs?.length ? { specialNeeds: needs } : {}),
      };
    }),
  }));
}

const AF1234_GROUPS: Group[] = [
  { pnr: "K7M2QA", passengers: family("Martin", "ECONOMY", [["Julien"], ["Claire"], ["Lucas", ["CONNECTING_ROOMS"]], ["Emma", ["INFANT"]]]) },
  { pnr: "R4T8WB", contact: "phone", passengers: family("Dubois", "ECONOMY", [["Antoine"], ["Sarah"], ["Léo", ["INFANT"]]]) },
  { pnr: "P9L3XC", passengers: family("Bernard", "PREMIUM_ECONOMY", [["Hugo"], ["Manon"]]) },
  { pnr: "B2N6YD", passengers: [["Thomas", "Lefebvre", "BUSINESS"]] },
  { pnr: "B5H1ZE", passengers: [["Sophie", "Garnier", "BUSINESS", ["EARLY_CHECK_IN"]]] },
  { pnr: "F8J4AF", passengers: [["Catherine", "Moreau", "FIRST"]] },
  { pnr: "W3C7BG", passengers: [["Margaret", "O'Neill", "ECONOMY", ["WHEELCHAIR"]]] },
  // one parent travels in business: a mixed-tier group for the review queue
  { pnr: "M6V2CH", passengers: [["Isabelle", "Rousseau", "BUSINESS"], ["Nathan", "Rousseau", "ECONOMY"], ["Chloé", "Rousseau", "ECONOMY"]] },
  { pnr: "S1D9DJ", passengers: [["Camille", "Petit", "ECONOMY"], ["Mehdi", "Benali", "ECONOMY"], ["Inès", "Faure", "ECONOMY"], ["Yanis", "Morel", "ECONOMY"]] },
  { pnr: "U4G5EK", passengers: family("Smith", "ECONOMY", [["John"], ["Emily"], ["Noah"]]) },
  { pnr: "T7Q8FL", contact: "none", passengers: [["Pierre", "Laurent", "ECONOMY"]] },
  {
    pnr: "CRW1234",
    groupId: "CREW-AF1234",
    passengers: [
      ["Nicolas", "Girard", "CREW"],
      ["Aurélie", "Fontaine", "CREW"],
      ["Karim", "Haddad", "CREW"],
      ["Julie", "Mercier", "CREW"],
    ],
  },
];

const AF1680_GROUPS: Group[] = [
  { pnr: "L2X7GM", passengers: family("Taylor", "ECONOMY", [["James"], ["Olivia"], ["Sophie"], ["Jack", ["INFANT"]]]) },
  { pnr: "L5Z3HN", passengers: [["Charlotte", "Evans", "BUSINESS"]] },
  { pnr: "L8Y1JP", passengers: [["Oliver", "Hughes", "BUSINESS"]] },
  { pnr: "L3W6KQ", passengers: family("Patel", "PREMIUM_ECONOMY", [["Anjali"], ["Ravi"], ["Priya"], ["Arjun", ["INFANT"]]]) },
  { pnr: "L9V4LR", contact: "phone", passengers: [["Amelia", "Clarke", "ECONOMY"], ["Harry", "Wilson", "ECONOMY"], ["Grace", "Wilson", "ECONOMY"]] },
  { pnr: "CRW1680", groupId: "CREW-AF1680", passengers: [["Élodie", "Marchand", "CREW"], ["Samuel", "Roux", "CREW"]] },
];

const AF7700_GROUPS: Group[] = [
  { pnr: "D1R4MS", passengers: family("Blanc", "ECONOMY", [["Marc"], ["Nathalie"], ["Zoé"], ["Jules"]]) },
  { pnr: "D6E2NT", passengers: [["Olivier", "Chevalier", "BUSINESS"]] },
  { pnr: "D3F9PU", passengers: family("Guerin", "ECONOMY", [["Paul"], ["Louise", ["WHEELCHAIR"]]]) },
  { pnr: "D8K5QV", passengers: [["Alice", "Bonnet", "ECONOMY"], ["Romain", "Lambert", "ECONOMY"], ["Sarah", "Lambert", "ECONOMY"]] },
  { pnr: "CRW7700", groupId: "CREW-AF7700", passengers: [["Hélène", "Perrin", "CREW"], ["Maxime", "Colin", "CREW"]] },
];

type DemoCase = {
  flight: string;
  origin: string;
  destination: string;
  departs: string; // local time tonight at the origin
  next: { flight: string; departs: string }; // local time tomorrow at the origin
  mode: "LIVE" | "DRILL";
  groups: Group[];
  demand: "auto" | "awaiting-approval" | null;
  disruption: { kind: "CANCELLATION" | "DELAY"; cause: "CONTROLLABLE" | "UNCONTROLLABLE"; description: string };
};

const DEMO_CASES: DemoCase[] = [
  { flight: "AF1234", origin: "CDG", destination: "JFK", departs: "20:45", next: { flight: "AF1236", departs: "10:30" }, mode: "LIVE", groups: AF1234_GROUPS, demand: "auto", disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE", description: "crew shortage" } },
  { flight: "AF1680", origin: "LHR", destination: "CDG", departs: "19:50", next: { flight: "AF1581", departs: "07:15" }, mode: "LIVE", groups: AF1680_GROUPS, demand: "awaiting-approval", disruption: { kind: "CANCELLATION", cause: "UNCONTROLLABLE", description: "fog at CDG" } },
  { flight: "AF7700", origin: "CDG", destination: "NCE", departs: "21:30", next: { flight: "AF7702", departs: "08:05" }, mode: "DRILL", groups: AF7700_GROUPS, demand: null, disruption: { kind: "CANCELLATION", cause: "CONTROLLABLE", description: "aircraft technical fault" } },
];

/**
 * Three demo cases so the console is not empty on first start, made through the real service
 * verbs (audit entries, review items and events included): AF1234 CDG→JFK cancelled tonight with
 * families, business travellers, a wheelchair passenger, crew and a mixed-tier group, and an
 * automatically approved INITIAL demand; AF1680 LHR→CDG with a demand waiting for a supervisor;
 * AF7700 CDG→NCE as a DRILL. Times follow the clock ("tonight" at the airport, next flights
 * tomorrow morning); names, PNRs and event ids are fixed. Idempotent: a tenant with any case is
 * left alone. Returns the number of cases created.
 */
export async function seedDemoCases(db: Db, tenant: string, now = new Date()): Promise<number> {
  const [existing] = await db.select({ urn: cases.urn }).from(cases).where(eq(cases.tenant, tenant)).limit(1);
  if (existing) return 0;
  // cases reference their tenant's row
  await ensureTenant(db, tenant);
  const ctx: Ctx = { db, principal: systemPrincipal(tenant, "seed") };
  let created = 0;
  for (const demo of DEMO_CASES) {
    const timeZone = await zoneOf(db, demo.origin);
    const evening = tonight(now, timeZone);
    const input = NewCase.parse({
      externalEventId: `demo-${demo.flight}`,
      flight: {
        number: demo.flight,
        origin: demo.origin,
        destination: demo.destination,
        scheduledDeparture: wallClock(evening, demo.departs, timeZone),
        status: "CANCELLED",
      },
      nextFlight: { number: demo.next.flight, scheduledDeparture: wallClock(addDays(evening, 1), demo.next.departs, timeZone) },
      passengerGroups: manifest(demo.flight, demo.groups),
      disruption: demo.disruption,
      mode: demo.mode,
    });
    const { created: isNew, record } = await createCase({ ctx, input });
    if (!isNew) continue;
    created++;
    if (demo.demand === "auto") {
      await createDemand({ ctx, input: { caseUrn: record.urn, type: "INITIAL", roomsRequested: record.roomsNeeded } });
    } else if (demo.demand === "awaiting-approval") {
      await createDemand({ ctx, input: { caseUrn: record.urn, type: "INITIAL", roomsRequested: ROOMS_AWAITING_APPROVAL } });
    }
  }
  return created;
}

async function zoneOf(db: Db, iata: string): Promise<string> {
  const [row] = await db.select({ timeZone: airports.timeZone }).from(airports).where(eq(airports.iata, iata)).limit(1);
  if (!row) throw new Error(`seedDemoCases: airport ${iata} is not loaded; seed the airports first`);
  return row.timeZone;
}
