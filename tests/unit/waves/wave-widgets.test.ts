import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportView } from "@/components/reports/report-view";
import { HotelRadar } from "@/components/waves/hotel-radar";
import { RankingTable } from "@/components/waves/ranking-table";
import type { AirportFigures, Report } from "@/lib/reports/schemas";
import { rankingInput } from "../../helpers/ranking-input";

const input = rankingInput;

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("the hotel radar", () => {
  it("numbers every dot and names each number's hotel in a list, nearest first", () => {
    const html = renderToStaticMarkup(
      h(HotelRadar, {
        airport: "CDG",
        inputs: [
          input({ hotelUrn: "urn:svc:hotel:far", hotelName: "Far Inn", distanceKm: 12, bearingDeg: 180, weightedScore: null }),
          input({ hotelUrn: "urn:svc:hotel:near", hotelName: "Hôtel du Terminal", distanceKm: 1.2, bearingDeg: 45, selected: true, roomsUsed: 4 }),
          input({ hotelUrn: "urn:svc:hotel:mid", hotelName: "Mid Hotel", distanceKm: 6, bearingDeg: 270 }),
        ],
      }),
    );
    const numbers = [...html.matchAll(/data-testid="radar-hotel-number"[^>]*>(\d+)</g)].map((m) => Number(m[1])).sort();
    expect(numbers).toEqual([1, 2, 3]);
    const items = [...html.matchAll(/<li[^>]*data-testid="radar-legend-item"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]));
    expect(items).toEqual(["1Hôtel du Terminal · 1.2 km NE · 4 rooms used", "2Mid Hotel · 6.0 km W · not selected", "3Far Inn · 12.0 km S · filtered out"]);
  });
});

describe("the ranking table", () => {
  it("wraps a long reason in a block of its own width instead of stretching the column off the table", () => {
    const reason = "filtered: 14.2 km is beyond the policy's 10 km; nightly rate 212 EUR is above the 180 EUR cap; no 24-hour reception listed by the provider";
    const html = renderToStaticMarkup(h(RankingTable, { inputs: [input({ reason, weightedScore: null })] }));
    const cell = /<div class="([^"]*)" data-testid="ranking-reason">([^<]*)<\/div>/.exec(html);
    expect(cell?.[2].replace(/&#x27;/g, "'")).toBe(reason);
    expect(cell?.[1]).toMatch(/\bwhitespace-normal\b/);
    // narrow below 1536 px (the page fits a 1366 px laptop), wider on a large screen
    expect(cell?.[1]).toMatch(/\bw-52\b/);
  });
});

describe("the weekly report", () => {
  const figures = (over: Partial<AirportFigures>): AirportFigures => ({
    airport: "ALL",
    closedItems: 0,
    byCategory: {},
    meanMinutesToResolve: null,
    p90MinutesToResolve: null,
    acceptedRecommendationShare: null,
    agentRecommendationShare: null,
    slaBreaches: 0,
    cases: 0,
    meanMinutesToFirstVoucher: null,
    meanMinutesToLastGroupHoused: null,
    passengers: 0,
    passengersHoused: 0,
    housedWithin30MinShare: null,
    passengersWithVoucher: 0,
    emailReachedWithin10MinShare: null,
    smsReachedWithin10MinShare: null,
    choseOtherHotelShare: null,
    declinedShare: null,
    mealVouchersIssued: 0,
    mealVoucherCost: {},
    ...over,
  });
  const report = (airports: AirportFigures[]): Report => ({
    urn: "urn:svc:report:1",
    periodStart: "2026-11-16T00:00:00.000Z",
    periodEnd: "2026-11-23T00:00:00.000Z",
    timeZone: "UTC",
    generatedBy: "system",
    generatedAt: "2026-11-23T06:00:00.000Z",
    airports,
    topFailingPolicies: [],
    topFailingProviders: [],
    walks: [],
    careCompliance: [],
    worstHotels: [],
  });

  it("says its week and when it was computed in words, in the airport's time, not as an ISO stamp", () => {
    const kept = { ...report([figures({})]), generatedAt: "2026-11-27T20:47:00.000Z" };
    const text = renderToStaticMarkup(h(ReportView, { report: kept, csvHref: "/x.csv", policies: {}, zone: "Europe/Paris" })).replace(/<[^>]+>/g, "");
    expect(text).toContain("Mon 16 Nov to Sun 22 Nov (UTC) · computed Fri 27 Nov 21:47 CET");
    expect(text).not.toMatch(/20:47Z|2026-11-27/);
    const liveHtml = renderToStaticMarkup(h(ReportView, { report: { ...kept, urn: "this-week", periodEnd: kept.generatedAt }, policies: {}, zone: "Europe/Paris", live: true }));
    expect(liveHtml.replace(/<[^>]+>/g, "")).toContain("This week so far: since Mon 16 Nov 00:00 (UTC) · as of Fri 27 Nov 21:47 CET");
    // not kept, so no CSV of it
    expect(liveHtml).not.toContain('data-testid="report-csv"');
  });

  it("says there is no data for the period in place of an empty chart", () => {
    const html = renderToStaticMarkup(h(ReportView, { report: report([figures({}), figures({ airport: "CDG" })]), csvHref: "/x.csv", policies: {}, zone: "Europe/Paris" }));
    expect(html.split('data-testid="chart-no-data"').length - 1).toBe(3);
    expect(html).toContain("No data for this period");
  });

  it("draws the charts that have figures", () => {
    const html = renderToStaticMarkup(
      h(ReportView, {
        report: report([figures({ closedItems: 2, byCategory: { NO_AVAILABILITY: 2 }, meanMinutesToResolve: 12 }), figures({ airport: "CDG", meanMinutesToResolve: 12, p90MinutesToResolve: 20 })]),
        csvHref: "/x.csv",
        policies: {},
        zone: "Europe/Paris",
      }),
    );
    expect(html.split('data-testid="chart-no-data"').length - 1).toBe(1);
  });

  it("shows the right-to-care section per regime and kind, with the week's compliance CSV", () => {
    const r = { ...report([figures({})]), careCompliance: [{ regime: "EU261" as const, kind: "MEAL" as const, owed: 5, provided: 2, late: 1, notProvided: 3 }] };
    const html = renderToStaticMarkup(h(ReportView, { report: r, csvHref: "/x.csv", policies: {}, zone: "Europe/Paris" }));
    expect(html.split('data-testid="report-care-row"').length - 1).toBe(1);
    expect(text(html)).toContain("EU261Meal5213");
    expect(html).toContain(`href="/reports/care-compliance.csv?from=${encodeURIComponent(r.periodStart)}&amp;to=${encodeURIComponent(r.periodEnd)}"`);
    const empty = renderToStaticMarkup(h(ReportView, { report: report([figures({})]), csvHref: "/x.csv", policies: {}, zone: "Europe/Paris" }));
    expect(empty).toContain('data-testid="report-care-empty"');
  });
});
