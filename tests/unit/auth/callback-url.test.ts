import { describe, expect, it } from "vitest";
import { DEFAULT_LANDING, safeCallback } from "@/lib/http/sign-in-callback";

const ORIGIN = "https://ops.example.com";
/** where a browser goes when a response from ORIGIN says `Location: <value>` */
const browserTarget = (location: string) => new URL(location, `${ORIGIN}/sign-in`);

// the forms of the issue, as the page receives them (searchParams are percent-decoded once)
const HOSTILE = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/%09/evil.example",
  "\n",
  "\r",
  "\u0000",
  "/\u0000",
  "\u3000",
  "/\u3000/evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "https:evil.example",
  "https://evil.example/cases",
  "http:\\\\evil.example",
  "javascript:alert(1)",
  " /cases",
  "\t//evil.example",
  "//evil.example/%2e%2e",
  "/sign-in?callbackUrl=/cases",
  "",
  "cases",
  "..//evil.example",
];

describe("safeCallback: only same-origin paths follow sign-in", () => {
  it.each(HOSTILE.map((v) => [JSON.stringify(v), v]))("%s lands on the default page or stays on the origin", (_label, value) => {
    const out = safeCallback(value);
    expect(out).toMatch(/^\/(?![/\\])/);
    expect(out).not.toMatch(/[^\x21-\x7e]/);
    expect(browserTarget(out).origin).toBe(ORIGIN);
  });

  it("sends every hostile form to the default page (a literal %09, double-encoded, is a harmless same-origin path)", () => {
    for (const v of HOSTILE.filter((h) => h !== "/%09/evil.example")) expect(safeCallback(v), JSON.stringify(v)).toBe(DEFAULT_LANDING);
    expect(safeCallback("/%09/evil.example")).toBe("/%09/evil.example");
  });

  it("keeps the console's own paths, query and fragment as given", () => {
    for (const v of ["/cases", "/cases/urn:svc:case:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10", "/review?state=OPEN&priority=HIGH", "/audit#top", "/cases?q=Am%C3%A9lie"]) {
      expect(safeCallback(v)).toBe(v);
    }
  });

  it("normalises dot segments instead of passing them on", () => {
    expect(safeCallback("/cases/../audit")).toBe("/audit");
    expect(safeCallback("/a/%2e%2e/review")).toBe("/review");
  });

  it("takes no value that is not a string", () => {
    for (const v of [undefined, null, 42, ["/cases"], { toString: () => "//evil" }]) expect(safeCallback(v)).toBe(DEFAULT_LANDING);
  });
});
