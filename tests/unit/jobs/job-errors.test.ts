import { describe, expect, it } from "vitest";
import { fromJobError, toJobError } from "@/lib/jobs/errors";

describe("a job's stored error", () => {
  it("keeps a failed query's statement and drops its parameters, from the message and the stack", () => {
    const err = new Error('Failed query: insert into "passengers" ("name", "email") values ($1, $2)\nparams: Ana Lima,ana.lima@example.com');
    err.name = "DrizzleQueryError";
    const stored = toJobError(err);
    expect(stored.message).toContain('insert into "passengers"');
    expect(JSON.stringify(stored)).not.toContain("ana.lima@example.com");
    expect(JSON.stringify(stored)).not.toContain("Ana Lima");
    expect(stored.stack).toMatch(/\n\s+at /);
    // replay rethrows what was stored, under the same name
    expect(fromJobError(stored)).toMatchObject({ name: "DrizzleQueryError", message: stored.message });
  });

  it("keeps any other message as it came", () => {
    expect(toJobError(new Error("provider answered 503")).message).toBe("provider answered 503");
    expect(toJobError("not an error").message).toBe("not an error");
  });
});
