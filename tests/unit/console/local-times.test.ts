import { describe, expect, it } from "vitest";
import { airportZoneLabel, formatInstant, formatSla, formatUtc, formatZoned, slaDueTitle, timeModeOf, utcOffsetLabel, zoneAbbreviation } from "@/components/console/format";

describe("formatZoned: an operational time in the airport's zone", () => {
  it("reads Paris in winter as CET and in summer as CEST", () => {
    expect(formatZoned("2026-11-24T22:30:00Z", "Europe/Paris")).toBe("Tue 24 Nov 23:30 CET");
    expect(formatZoned("2026-07-14T22:30:00Z", "Europe/Paris")).toBe("Wed 15 Jul 00:30 CEST");
  });

  it("follows the DST change on the night it happens (last Sunday of October, 03:00 CEST → 02:00 CET)", () => {
    expect(formatZoned("2026-10-25T00:59:00Z", "Europe/Paris")).toBe("Sun 25 Oct 02:59 CEST");
    expect(formatZoned("2026-10-25T01:00:00Z", "Europe/Paris")).toBe("Sun 25 Oct 02:00 CET");
  });

  it("spells a half-hour offset without a CLDR name as UTC+5:30, and its date is the zone's", () => {
    expect(formatZoned("2026-11-24T22:30:00Z", "Asia/Kolkata")).toBe("Wed 25 Nov 04:00 UTC+5:30");
    expect(utcOffsetLabel("Asia/Kolkata", new Date("2026-11-24T22:30:00Z"))).toBe("UTC+5:30");
  });

  it("uses the zone's own name where there is one, and a minus sign west of Greenwich", () => {
    expect(zoneAbbreviation("America/New_York", new Date("2026-11-24T22:30:00Z"))).toBe("EST");
    expect(zoneAbbreviation("America/New_York", new Date("2026-07-01T12:00:00Z"))).toBe("EDT");
    expect(zoneAbbreviation("Europe/London", new Date("2026-07-01T12:00:00Z"))).toBe("BST");
    expect(formatZoned("2026-11-24T22:30:00Z", "America/Sao_Paulo")).toBe("Tue 24 Nov 19:30 UTC−3");
  });

  it("always carries the day (the date rule), seconds on request, and falls back to UTC, labelled", () => {
    expect(formatZoned("2026-11-24T10:00:00Z", "Europe/Paris")).toMatch(/^Tue 24 Nov 11:00 CET$/);
    expect(formatZoned("2026-11-24T22:30:07Z", "Europe/Paris", { seconds: true })).toBe("Tue 24 Nov 23:30:07 CET");
    expect(formatZoned("2026-11-24T22:30:00Z", null)).toBe("Tue 24 Nov 22:30 UTC");
    expect(formatZoned("2026-11-24T22:30:00Z", "Mars/Olympus")).toBe("Tue 24 Nov 22:30 UTC");
    expect(formatZoned(null, "Europe/Paris")).toBe("—");
    expect(formatUtc("2026-11-24T22:30:00Z")).toBe("2026-11-24 22:30 UTC");
  });

  it("gives the other reading for hover: UTC under local, local under UTC", () => {
    expect(formatInstant("2026-11-24T22:30:00Z", "Europe/Paris", "local")).toEqual({ text: "Tue 24 Nov 23:30 CET", other: "Tue 24 Nov 22:30 UTC" });
    expect(formatInstant("2026-11-24T22:30:00Z", "Europe/Paris", "utc")).toEqual({ text: "Tue 24 Nov 22:30 UTC", other: "Tue 24 Nov 23:30 CET" });
    expect(timeModeOf("utc")).toBe("utc");
    expect(timeModeOf(undefined)).toBe("local");
    expect(timeModeOf("nonsense")).toBe("local");
  });

  it("labels an airport with its zone as it stands", () => {
    expect(airportZoneLabel("CDG", "Europe/Paris", new Date("2026-11-24T22:30:00Z"))).toBe("CDG · CET (UTC+1)");
    expect(airportZoneLabel("CDG", "Europe/Paris", new Date("2026-07-01T12:00:00Z"))).toBe("CDG · CEST (UTC+2)");
    expect(airportZoneLabel("DEL", "Asia/Kolkata", new Date("2026-11-24T22:30:00Z"))).toBe("DEL · UTC+5:30");
    expect(slaDueTitle("2026-11-24T22:30:00Z", "Europe/Paris")).toBe("Due Tue 24 Nov 23:30 CET (22:30 UTC)");
    expect(slaDueTitle("2026-11-24T22:30:00Z", null)).toBe("Due Tue 24 Nov 22:30 UTC");
    expect(airportZoneLabel("LHR", "Europe/London", new Date("2026-11-24T22:30:00Z"))).toBe("LHR · GMT (UTC)");
  });
});

describe("formatSla: one wording for every SLA", () => {
  const now = new Date("2026-11-24T22:00:00Z");
  it("reads under an hour in minutes, over it in hours and minutes, past it as overdue by", () => {
    expect(formatSla("2026-11-24T22:56:09Z", now)).toEqual({ text: "due in 56 min", overdue: false });
    expect(formatSla("2026-11-25T01:56:30Z", now)).toEqual({ text: "due in 3 h 56 min", overdue: false });
    expect(formatSla("2026-11-25T01:00:00Z", now)).toEqual({ text: "due in 3 h", overdue: false });
    expect(formatSla("2026-11-24T21:46:00Z", now)).toEqual({ text: "overdue by 14 min", overdue: true });
    expect(formatSla("2026-11-24T20:30:00Z", now)).toEqual({ text: "overdue by 1 h 30 min", overdue: true });
    expect(formatSla("2026-11-24T22:00:30Z", now)).toEqual({ text: "due in less than 1 min", overdue: false });
    expect(formatSla(null, now)).toEqual({ text: "—", overdue: false });
  });

  it("says a breached HIGH item is overdue while its clock runs to the next escalation (not \"overdue in 14 min\")", () => {
    expect(formatSla("2026-11-24T22:14:00Z", now, { flagged: true })).toEqual({ text: "overdue, escalates again in 14 min", overdue: true });
    expect(formatSla("2026-11-24T21:50:00Z", now, { flagged: true })).toEqual({ text: "overdue by 10 min", overdue: true });
  });
});

describe("retiming a pickup in the clock shown", () => {
  it("reads and writes the datetime-local value in the airport's zone, across DST, and in UTC by default", async () => {
    const { fromLocalInput, toLocalInput } = await import("@/components/transport/board");
    expect(toLocalInput("2026-11-24T22:30:00.000Z", "Europe/Paris")).toBe("2026-11-24T23:30");
    expect(fromLocalInput("2026-11-24T23:45", "Europe/Paris")).toBe("2026-11-24T22:45:00Z");
    expect(fromLocalInput("2026-07-14T23:45", "Europe/Paris")).toBe("2026-07-14T21:45:00Z");
    expect(fromLocalInput("2026-11-25T04:00", "Asia/Kolkata")).toBe("2026-11-24T22:30:00Z");
    expect(toLocalInput("2026-11-24T22:30:00.000Z")).toBe("2026-11-24T22:30");
    expect(fromLocalInput("2026-11-24T22:30")).toBe("2026-11-24T22:30:00Z");
  });
});
