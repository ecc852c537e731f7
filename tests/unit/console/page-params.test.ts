import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { pageParam, refused } from "@/lib/console/page-params";
import { IataCode, pageQuery, Text, Urn } from "@/lib/primitives";

const root = path.resolve(import.meta.dirname, "../../..");
const HOTEL = "urn:svc:hotel:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";

describe("a console page's URL parsed with the API's schemas", () => {
  it("refuses what the probe sent (a NUL, %00 decoded) instead of handing it to a query", () => {
    expect(refused(pageParam(IataCode, "\u0000"))).toBe(true);
    expect(refused(pageParam(IataCode, "CD\u0000"))).toBe(true);
    expect(refused(pageParam(z.uuid(), "\u0000"))).toBe(true);
    expect(refused(pageParam(pageQuery.cursor, "\u0000"))).toBe(true);
    expect(refused(pageParam(Text.trim().max(200), "\u0000"))).toBe(true);
    expect(refused(pageParam(Urn("hotel"), "\u0000"))).toBe(true);
    expect(refused(pageParam(Urn("hotel"), "urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10"))).toBe(true);
  });

  it("takes what the API takes, as the API normalises it, and tells an absent or blank value from a refused one", () => {
    expect(pageParam(IataCode, " cdg ")).toEqual({ given: true, ok: true, value: "CDG" });
    expect(pageParam(IataCode, ["lhr", "cdg"]).value).toBe("LHR");
    expect(pageParam(Urn("hotel"), HOTEL).value).toBe(HOTEL);
    expect(pageParam(z.uuid(), "0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10").value).toBe("0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10");
    for (const absent of [undefined, "", "  ", []]) {
      const p = pageParam(IataCode, absent);
      expect(p).toEqual({ given: false, value: undefined });
      expect(refused(p)).toBe(false);
    }
  });

  it("is what the board, the job runs, a job run and the rooming list read their links with", () => {
    const uses: [string, string][] = [
      ["app/(console)/board/page.tsx", "pageParam(IataCode, sp.airport)"],
      ["app/(console)/admin/jobs/page.tsx", "pageParam(z.uuid(), sp.cursor)"],
      ["app/(console)/admin/jobs/page.tsx", "sp.function)"],
      ["app/(console)/admin/jobs/[runId]/page.tsx", "pageParam(z.uuid(), decodeSegment(runId))"],
      ["app/(console)/waves/[waveUrn]/rooming/page.tsx", 'pageParam(Urn("hotel"), sp.hotel)'],
    ];
    for (const [file, call] of uses) expect(readFileSync(path.join(root, file), "utf8"), file).toContain(call);
  });
});
