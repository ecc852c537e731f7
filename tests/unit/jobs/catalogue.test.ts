import { describe, expect, expectTypeOf, it } from "vitest";
import { emit, eventCatalogue, type EventData } from "@/lib/events";
import { defineJob, type JobEvent } from "@/lib/jobs/define";
import type { Jsonify } from "@/lib/jobs/json";
import { toJson } from "@/lib/jobs/json";

describe("the event catalogue", () => {
  it("keeps the existing events and adds the allocation and booking ones", () => {
    // later issues add events; these must stay
    expect(Object.keys(eventCatalogue)).toEqual(
      expect.arrayContaining([
        "allocation/requested",
        "allocation/wave.persisted",
        "booking/requested",
        "case/created",
        "case/reaccommodated",
        "demand/approved",
        "review/created",
      ]),
    );
    expect(eventCatalogue["allocation/requested"].safeParse({ tenant: "AF", caseUrn: "u", demandUrn: null, reason: "rerun" }).success).toBe(true);
    expect(eventCatalogue["allocation/requested"].safeParse({ tenant: "AF", caseUrn: "u", reason: "rerun" }).success).toBe(false);
    expect(eventCatalogue["booking/requested"].safeParse({ tenant: "AF", caseUrn: "u", waveUrn: "w", groupId: "g" }).success).toBe(true);
  });

  it("refuses unknown names and wrong payloads at the type check", () => {
    // never called: the assertions are tsc's (npm test runs it); each line must fail to compile
    const typos = () => {
      // @ts-expect-error a misspelt event name
      defineJob({ id: "x", event: "case/craeted", handler: () => null });
      // @ts-expect-error a misspelt cancelling event
      defineJob({ id: "x", event: "case/created", cancelOn: [{ event: "case/closd", match: "data.caseUrn" }], handler: () => null });
      defineJob({
        id: "x",
        event: "case/created",
        handler: async ({ step }) => {
          // @ts-expect-error sendEvent takes catalogue names only
          await step.sendEvent("s", { name: "booking/requestd", data: {} });
          // @ts-expect-error waitForEvent too
          await step.waitForEvent("w", { event: "allocation/wave.persistd", timeout: "1h" });
        },
      });
      // @ts-expect-error emit: unknown name
      void emit(null as never, "case/creatd", { tenant: "AF", caseUrn: "u" });
      // @ts-expect-error emit: the payload of another event
      void emit(null as never, "booking/requested", { tenant: "AF", caseUrn: "u" });
    };
    expect(typeof typos).toBe("function");
  });

  it("types a job's event data, a waited event and step outputs from the catalogue", () => {
    defineJob({
      id: "typed",
      event: "allocation/requested",
      handler: async ({ event, step }) => {
        expectTypeOf(event.data).toEqualTypeOf<EventData<"allocation/requested">>();
        const got = await step.waitForEvent("wave", { event: "allocation/wave.persisted", timeout: "1h", match: "data.caseUrn" });
        expectTypeOf(got).toEqualTypeOf<JobEvent<EventData<"allocation/wave.persisted">> | null>();
        const out = await step.run("dated", () => ({ at: new Date(), n: 1, gone: undefined, f: () => 1, list: [new Date()] }));
        expectTypeOf(out).toEqualTypeOf<{ at: string; n: number; list: string[] }>();
        const nothing = await step.run("void", () => {});
        expectTypeOf(nothing).toEqualTypeOf<null>();
      },
    });
  });
});

describe("Jsonify", () => {
  it("is what JSON makes of the value, in type and at run time", () => {
    const value = { at: new Date(0), opt: undefined as string | undefined, nested: { d: new Date(1) }, arr: [1, undefined] };
    const json = toJson(value);
    expect(json).toEqual({ at: "1970-01-01T00:00:00.000Z", nested: { d: "1970-01-01T00:00:00.001Z" }, arr: [1, null] });
    expectTypeOf(json).toEqualTypeOf<Jsonify<typeof value>>();
    expectTypeOf<Jsonify<typeof value>>().toEqualTypeOf<{ at: string; opt?: string; nested: { d: string }; arr: (number | null)[] }>();
  });
});
