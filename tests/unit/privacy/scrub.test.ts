import { describe, expect, it } from "vitest";
import { diff } from "@/lib/audit/diff";
import { MARKER, redactChanges } from "@/lib/audit/redact-personal";
import { needlesOf, scrubText } from "@/lib/privacy/scrub-text";

describe("scrubText", () => {
  const needles = needlesOf([{ firstName: "Ana", lastName: "O'Neil", email: "Ana.ONeil@Example.com", phone: "+33 6 12 34 56 78" }]);

  it("replaces the full name, each name, the address and the phone, raw or as HTML escapes them", () => {
    expect(scrubText("<li>Ana O&#x27;Neil</li><p>Dear Ana,</p>", needles)).toBe("<li>(name erased)</li><p>Dear (name erased),</p>");
    expect(scrubText("to ana.oneil@example.com or +33 6 12 34 56 78", needles)).toBe("to (erased) or (erased)");
    expect(scrubText("O'Neil; ANA", needles)).toBe("(name erased); (name erased)");
  });

  it("leaves words that merely contain a name", () => {
    expect(scrubText("Anatole ate a banana at Hotel Ana-Marie", needles)).toBe("Anatole ate a banana at Hotel (name erased)-Marie");
    expect(scrubText("Anatole, Banana", needles)).toBe("Anatole, Banana");
  });

  it("skips one-letter names (they would erase every 'A'), never the full name", () => {
    const n = needlesOf([{ firstName: "A", lastName: "Li", email: null, phone: null }]);
    expect(scrubText("A room for A Li. Li", n)).toBe("A room for (name erased). (name erased)");
  });
});

describe("the audit keeps no personal value", () => {
  it("marks personal fields at the top of a change and inside nested values, keeping field names and ids", () => {
    const changes = diff(
      { passengers: { P1: { firstName: "Ana", email: null } }, groups: [{ groupId: "G1", passengers: [{ id: "P1", lastName: "Silva", phone: "+33 6" }] }] },
      { passengers: { P1: { firstName: "Anna", email: "a@x.fr" } }, groups: [{ groupId: "G1", passengers: [{ id: "P1", lastName: "Silva", phone: null }] }] },
    );
    expect(redactChanges(changes)).toEqual([
      { field: "groups", before: [{ groupId: "G1", passengers: [{ id: "P1", lastName: MARKER, phone: MARKER }] }], after: [{ groupId: "G1", passengers: [{ id: "P1", lastName: MARKER, phone: null }] }] },
      { field: "passengers.P1.email", before: null, after: MARKER },
      { field: "passengers.P1.firstName", before: MARKER, after: MARKER },
    ]);
  });
});
