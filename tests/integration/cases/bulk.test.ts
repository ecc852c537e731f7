import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries, passengerGroups, passengers } from "@/db/schema";
import { POST as action } from "@/app/api/v1/cases/[caseUrn]/[action]/route";
import { GET as getCase } from "@/app/api/v1/cases/[caseUrn]/route";
import { call, apiTestDatabase } from "../../helpers/api";
import { casePayload, createCase, pax, roleToken } from "../../helpers/cases";
import { uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase({ airports: true });


const HEADER = ["pnr", "passengerId", "firstName", "lastName", "tier", "email", "phone", "specialNeeds"];

async function xlsx(rows: unknown[][], header = HEADER): Promise<Blob> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Passengers");
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  const buf = await wb.xlsx.writeBuffer();
  return new Blob([buf as ArrayBuffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

function csv(lines: string[]): Blob {
  return new Blob([lines.join("\r\n")], { type: "text/csv" });
}

function upload(caseUrn: string, token: string | undefined, file?: Blob, name = "passengers.xlsx", act = "passengers:bulk") {
  const form = new FormData();
  if (file) form.set("file", file, name);
  return call(action, `/cases/${caseUrn}/${act}`, { token, params: { caseUrn, action: act }, rawBody: form, method: "POST" });
}

const paxCount = async (caseUrn: string) => (await database.db.select().from(passengers).where(eq(passengers.caseUrn, caseUrn))).length;

describe("POST /cases/{caseUrn}/passengers:bulk", () => {
  it("adds an .xlsx manifest: joins groups by PNR, creates new ones, recomputes rooms and tiers, audits", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "FEED");
    const c = await createCase(token);
    const existing = c.passengerGroups[0].pnr; // 3 economy passengers, 2 rooms
    const business = c.passengerGroups[1].pnr; // 1 business passenger
    const file = await xlsx(
      [
        [existing, "X-1", "Ada", "Lovelace", "economy", "ada@example.com", "", ""],
        [existing, "X-2", "Alan", "Turing", "ECONOMY", "", "+44 20 7946 0000", "wheelchair; INFANT"],
        ["NEW001", "X-3", "Grace", "Hopper", "Premium Economy", "grace@example.com", "", "EARLY_CHECK_IN|connecting rooms"],
        [],
        ["NEW001", "X-4", "Edsger", "Dijkstra", "premium_economy", "", "", ""],
        [business, "X-5", "Barbara", "Liskov", "ECONOMY", "b@example.com", "", ""],
      ],
      ["PNR", "Passenger ID", "First Name", "last_name", "Tier", "EMAIL", "Phone", "Special Needs", "Ignored"],
    );
    const res = await upload(c.urn, token, file);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ added: 5, groupsCreated: 1, groupsUpdated: 2 });
    const groups = res.json.case.passengerGroups;
    const byId = Object.fromEntries(groups.map((g: { groupId: string }) => [g.groupId, g]));
    expect(byId[existing]).toMatchObject({ tier: "ECONOMY", rooms: 3, mixedTier: false });
    expect(byId[existing].passengerIds).toEqual([...c.passengerGroups[0].passengerIds, "X-1", "X-2"]);
    expect(byId[existing].passengers[4]).toMatchObject({ id: "X-2", email: null, phone: "+44 20 7946 0000", specialNeeds: ["WHEELCHAIR", "INFANT"], operationalStatus: "AWAITING_ALLOCATION" });
    expect(byId.NEW001).toMatchObject({ pnr: "NEW001", tier: "PREMIUM_ECONOMY", rooms: 1, passengerIds: ["X-3", "X-4"] });
    expect(byId.NEW001.passengers[0].specialNeeds).toEqual(["EARLY_CHECK_IN", "CONNECTING_ROOMS"]);
    expect(byId[business]).toMatchObject({ tier: null, mixedTier: true, rooms: 1 });
    expect(res.json.case.manualReviewItems).toEqual([expect.objectContaining({ category: "MIXED_TIER_GROUP", affectedGroups: [business] })]);
    expect(res.json.case.passengerCount).toBe(11);
    expect(res.json.case.revision).toBe(2);
    const audit = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityUrn, c.urn), eq(auditEntries.action, "passengers-bulk")));
    expect(audit).toHaveLength(1);
  });

  it("adds a .csv manifest (BOM, quotes, blank lines)", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "OPS_SUPERVISOR");
    const c = await createCase(token, casePayload({ passengerGroups: [] }));
    const file = csv([
      "\uFEFFpnr,passengerId,firstName,lastName,tier,email,phone,specialNeeds",
      'CSV001,Q1,"Jean, Jr",Dupont,BUSINESS,j@example.com,,WHEELCHAIR',
      "",
      "CSV001,Q2,Marie,Dupont,BUSINESS,,,",
      "CSV002,Q3,Paul,Martin,CREW,,+33123456789,",
    ]);
    const res = await upload(c.urn, token, file, "manifest.csv");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ added: 3, groupsCreated: 2, groupsUpdated: 0 });
    const [g1, g2] = res.json.case.passengerGroups;
    expect(g1).toMatchObject({ groupId: "CSV001", tier: "BUSINESS", rooms: 1, passengerIds: ["Q1", "Q2"] });
    expect(g1.passengers[0].firstName).toBe("Jean, Jr");
    expect(g2).toMatchObject({ groupId: "CSV002", tier: "CREW", rooms: 1 });
  });

  it("rejects the whole file when a row is invalid: 422 with row numbers, nothing added", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const inCase = c.passengerGroups[0].passengerIds[0];
    const file = await xlsx([
      ["OK0001", "R-1", "Fine", "Row", "ECONOMY", "", "", ""], // row 2
      ["OK0001", "R-2", "Bad", "Tier", "GOLD", "", "", ""], // row 3
      ["OK0001", "R-1", "Dup", "InFile", "ECONOMY", "", "", ""], // row 4
      ["OK0001", inCase, "Dup", "InCase", "ECONOMY", "", "", ""], // row 5
      ["OK0001", "R-5", "NoLast", "", "ECONOMY", "not-an-email", "", "JETPACK"], // row 6
      ["", "R-6", "No", "Pnr", "ECONOMY", "", "", ""], // row 7
    ]);
    const res = await upload(c.urn, token, file);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("VALIDATION_FAILED");
    const paths = res.json.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(["rows[3].tier", "rows[4].passengerId", "rows[5].passengerId", "rows[6].lastName", "rows[6].email", "rows[6].specialNeeds", "rows[7].pnr"]),
    );
    expect(paths.some((p: string) => p.startsWith("rows[2]"))).toBe(false);
    expect(res.json.rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 5, 6, 7]);
    expect(res.json.rows[1]).toMatchObject({ row: 4, passengerId: "R-1", errors: [{ column: "passengerId", message: expect.stringContaining("row 2") }] });
    expect(res.json).toMatchObject({ rowsRead: 6, rowsRejected: 5 });
    expect(await paxCount(c.urn)).toBe(6);
  });

  it("reads the optional language column: stored on the passenger, blank for none, an unknown language refuses the file", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const header = [...HEADER, "Language"];
    const bad = await upload(c.urn, token, await xlsx([["LANG01", "L-1", "Ana", "Ruiz", "ECONOMY", "", "", "", "it"]], header));
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(["rows[2].language"]);
    expect(bad.json.rows[0].errors[0].message).toContain("en, fr, de, es");
    const res = await upload(c.urn, token, await xlsx([["LANG01", "L-1", "Ana", "Ruiz", "ECONOMY", "", "", "", "ES"], ["LANG01", "L-2", "Bo", "Ruiz", "ECONOMY", "", "", "", ""]], header));
    expect(res.status, res.text).toBe(200);
    const rows = await database.db.select().from(passengers).where(eq(passengers.caseUrn, c.urn));
    expect(Object.fromEntries(rows.filter((p) => p.passengerId.startsWith("L-")).map((p) => [p.passengerId, p.language]))).toEqual({ "L-1": "es", "L-2": null });
  });

  it("stays strict where POST /cases is lenient: a blank name or tier rejects the file, no DATA_INCOMPLETE item", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const file = csv([
      HEADER.join(","),
      "STR001,S-1,Fine,Row,ECONOMY,,,", // row 2
      "STR001,S-2,,NoFirst,ECONOMY,,,", // row 3
      "STR001,S-3,No,Tier,,,,", // row 4
      "STR001,S-4,No,Tier,   ,,,", // row 5
    ]);
    const res = await upload(c.urn, token, file, "x.csv");
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("VALIDATION_FAILED");
    expect(res.json.errors).toEqual([
      { path: "rows[3].firstName", message: "required" },
      { path: "rows[4].tier", message: "required" },
      { path: "rows[5].tier", message: "required" },
    ]);
    expect(res.json.rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 5]);
    expect(await paxCount(c.urn)).toBe(6);
    const after = await call(getCase, `/cases/${c.urn}`, { token, params: { caseUrn: c.urn } });
    expect(after.json.manualReviewItems).toEqual([]);
  });

  it("names missing columns and refuses an empty sheet", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const missing = await upload(c.urn, token, csv(["pnr,passengerId,firstName", "A1,B,C"]), "x.csv");
    expect(missing.status).toBe(422);
    expect(missing.json.errors.map((e: { path: string }) => e.path)).toEqual(["columns.lastName", "columns.tier"]);
    const empty = await upload(c.urn, token, csv([HEADER.join(",")]), "x.csv");
    expect(empty.status).toBe(422);
  });

  it("refuses more than 5,000 rows with 413 TOO_LARGE", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const lines = [HEADER.join(",")];
    for (let i = 0; i < 5001; i++) lines.push(`BIG${Math.floor(i / 4)},B-${i},F,L,ECONOMY,,,`);
    const res = await upload(c.urn, token, csv(lines), "big.csv");
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("TOO_LARGE");
    expect(await paxCount(c.urn)).toBe(6);
  });

  it("accepts exactly 5,000 rows in one upload", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token, casePayload({ passengerGroups: [] }));
    const lines = [HEADER.join(",")];
    for (let i = 0; i < 5000; i++) lines.push(`MAX${Math.floor(i / 4)},M-${i},F,L,ECONOMY,m${i}@example.com,,`);
    const res = await upload(c.urn, token, csv(lines), "max.csv");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ added: 5000, groupsCreated: 1250 });
    expect(res.json.case.roomsNeeded).toBe(2500);
  }, 120_000);

  it("refuses what is not a spreadsheet with 422, a missing file with 422, JSON with 415", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], { type: "image/png" });
    for (const [file, name] of [
      [png, "photo.png"],
      [png, "fake.xlsx"],
      [new Blob(["PK\u0003\u0004garbage"]), "broken.xlsx"],
      [new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0x41])]), "binary.csv"],
    ] as const) {
      const res = await upload(c.urn, token, file, name);
      expect(res.status, name).toBe(422);
      expect(res.json.errors[0].path).toBe("file");
    }
    const none = await upload(c.urn, token);
    expect(none.status).toBe(422);
    expect(none.json.errors).toEqual([expect.objectContaining({ path: "file" })]);
    const json = await call(action, `/cases/${c.urn}/passengers:bulk`, { token, params: { caseUrn: c.urn, action: "passengers:bulk" }, body: { file: "x" } });
    expect(json.status).toBe(415);
    expect(await paxCount(c.urn)).toBe(6);
  });

  it("puts passengers of a booked group's PNR into a new group <pnr>-2", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token, casePayload({ passengerGroups: [{ pnr: "BOOKED", passengers: [pax("K1")] }] }));
    await database.db.update(passengerGroups).set({ reservationUrn: "urn:svc:reservation:x" }).where(eq(passengerGroups.caseUrn, c.urn));
    const res = await upload(c.urn, token, csv([HEADER.join(","), "BOOKED,K2,A,B,ECONOMY,a@b.co,,"]), "x.csv");
    expect(res.status).toBe(200);
    expect(res.json.case.passengerGroups.map((g: { groupId: string }) => g.groupId)).toEqual(["BOOKED", "BOOKED-2"]);
  });

  it("accepts the percent-encoded action; an unknown action is 404", async () => {
    const tenant = uniqueTenant();
    const token = await roleToken(tenant, "ADMIN");
    const c = await createCase(token);
    const res = await upload(c.urn, token, csv([HEADER.join(","), "ENC001,E1,A,B,ECONOMY,a@b.co,,"]), "x.csv", "passengers%3Abulk");
    expect(res.status).toBe(200);
    const unknown = await upload(c.urn, token, csv([HEADER.join(",")]), "x.csv", "passengers:nuke");
    expect(unknown.status).toBe(404);
    expect((await upload(c.urn, undefined, csv([HEADER.join(",")]), "x.csv", "passengers:nuke")).status).toBe(401);
  });

  it("allows FEED, OPS_SUPERVISOR and ADMIN; 403 for AIRPORT_OPERATOR and out of scope; 404 across tenants; 401 without token", async () => {
    const tenant = uniqueTenant();
    const c = await createCase(await roleToken(tenant, "ADMIN"));
    let n = 0;
    const row = () => csv([HEADER.join(","), `ROLE${n},RP-${n++},A,B,ECONOMY,a@b.co,,`]);
    for (const role of ["FEED", "OPS_SUPERVISOR", "ADMIN"] as const) {
      const sub = role === "FEED" ? c.createdBy : undefined;
      // a FEED client may act only on the cases it created: this one was created by the admin
      const res = await upload(c.urn, await roleToken(tenant, role, ["CDG"], sub), row(), "x.csv");
      expect(res.status, role).toBe(200);
    }
    const operator = await upload(c.urn, await roleToken(tenant, "AIRPORT_OPERATOR", ["CDG"]), row(), "x.csv");
    expect(operator.status).toBe(403);
    expect(operator.json.code).toBe("FORBIDDEN");
    const scoped = await upload(c.urn, await roleToken(tenant, "OPS_SUPERVISOR", ["ORY"]), row(), "x.csv");
    expect(scoped.status).toBe(403);
    expect(scoped.json.code).toBe("OUT_OF_SCOPE");
    const otherFeed = await upload(c.urn, await roleToken(tenant, "FEED"), row(), "x.csv");
    expect(otherFeed.status).toBe(404);
    expect((await upload(c.urn, await roleToken(uniqueTenant(), "ADMIN"), row(), "x.csv")).status).toBe(404);
    expect((await upload(c.urn, undefined, row(), "x.csv")).status).toBe(401);
    expect(await paxCount(c.urn)).toBe(9);
  });
});
