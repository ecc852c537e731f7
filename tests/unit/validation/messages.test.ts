import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesToErrors } from "@/lib/validation";
import { CaseListQuery } from "@/lib/cases/schemas";

/** The message of the first issue of a failing parse (the map is installed by lib/validation). */
function message(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a failure");
  return r.error.issues[0].message;
}

describe("the human error map", () => {
  it("says what a string's length must be", () => {
    expect(message(z.string().min(1), "")).toBe("must be at least 1 character");
    expect(message(z.string().max(100), "x".repeat(101))).toBe("must be at most 100 characters");
    expect(message(z.string().length(3), "ab")).toBe("must be exactly 3 characters");
  });

  it("writes number bounds with thousands separators", () => {
    expect(message(z.number().max(5000), 5001)).toBe("must be at most 5,000");
    expect(message(z.number().min(1), 0)).toBe("must be at least 1");
    expect(message(z.number().positive(), 0)).toBe("must be greater than 0");
    expect(message(z.number().lt(10), 10)).toBe("must be less than 10");
    expect(message(z.number().multipleOf(5), 7)).toBe("must be a multiple of 5");
  });

  it("counts a list's items", () => {
    expect(message(z.array(z.string()).min(1), [])).toBe("must list at least one item");
    expect(message(z.array(z.string()).max(2), ["a", "b", "c"])).toBe("must list at most 2 items");
  });

  it("names what is missing or of the wrong type", () => {
    expect(message(z.object({ a: z.string() }), {})).toBe("is required");
    expect(message(z.number(), "ten")).toBe("must be a number");
    expect(message(z.coerce.number(), "abc")).toBe("must be a number");
    expect(message(z.number().int(), 1.5)).toBe("must be a whole number");
    expect(message(z.string(), 5)).toBe("must be text");
    expect(message(z.boolean(), null)).toBe("must be true or false, not null");
    expect(message(z.array(z.string()), "a")).toBe("must be a list");
  });

  it("lists the allowed values of an enum or a literal", () => {
    expect(message(z.enum(["OPEN", "CLOSED", "REOPENED"]), "SHUT")).toBe("must be one of OPEN, CLOSED or REOPENED");
    expect(message(z.literal("LIVE"), "DRILL")).toBe("must be LIVE");
  });

  it("describes formats by example", () => {
    expect(message(z.email(), "nope")).toBe("must be an email address");
    expect(message(z.url(), "nope")).toBe("must be a URL such as https://example.com");
    expect(message(z.uuid(), "nope")).toBe("must be a UUID");
    expect(message(z.iso.datetime(), "tomorrow")).toBe("must be a date and time like 2026-11-24T21:30:00Z");
    expect(message(z.string().regex(/^\d+$/), "x")).toBe("is not in the expected format");
    expect(message(z.string().startsWith("AF"), "BA1")).toBe('must start with "AF"');
  });

  it("names unknown fields of a strict object", () => {
    expect(message(z.strictObject({ a: z.string() }), { a: "x", b: 1, c: 2 })).toBe("has unknown fields: b, c");
  });

  it("leaves messages written in a schema and custom refinements alone", () => {
    expect(message(z.string().min(1, "required"), "")).toBe("required");
    expect(message(z.string().refine(() => false, "not a real calendar date"), "x")).toBe("not a real calendar date");
  });

  it("reaches the API's errors[] for a real schema: a bad case filter", () => {
    const r = CaseListQuery.safeParse({ status: "SHUT", limit: "9999" });
    expect(r.success).toBe(false);
    const errors = issuesToErrors(r.error!);
    expect(errors).toContainEqual({ path: "status", message: expect.stringMatching(/^must be one of OPEN, .* or REOPENED$/) });
    expect(errors).toContainEqual({ path: "limit", message: "must be at most 200" });
  });
});
