import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cases } from "@/db/schema";
import { caseSystems } from "@/lib/peers/case-systems";
import { newUrn } from "@/lib/ids";
import { apiTestDatabase } from "../../helpers/api";
import { insertCase } from "../../helpers/case-rows";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";

const database = apiTestDatabase();

/** D1: the mode of a case is read by its URN alone, so no context can make a drill LIVE. */
describe("caseSystems by URN", () => {
  it.each(["DRILL", "SHADOW"] as const)("a %s case is not LIVE under another tenant's context: messages are kept", async (mode) => {
    const owner = uniqueTenant();
    const { urn } = await insertCase(database.db, { tenant: owner });
    await database.db.update(cases).set({ mode }).where(eq(cases.urn, urn));
    const systems = await caseSystems(ctxFor(database.db, principal({ tenant: uniqueTenant() })), urn);
    expect(systems.mode).toBe(mode);
    expect(systems.messaging.send).toBe(false);
  });

  it("the owner's context reads the same mode", async () => {
    const owner = uniqueTenant();
    const { urn } = await insertCase(database.db, { tenant: owner });
    await database.db.update(cases).set({ mode: "DRILL" }).where(eq(cases.urn, urn));
    expect((await caseSystems(ctxFor(database.db, principal({ tenant: owner })), urn)).mode).toBe("DRILL");
  });

  it("a URN naming no case at all is LIVE", async () => {
    const systems = await caseSystems(ctxFor(database.db, principal({ tenant: uniqueTenant() })), newUrn("case"));
    expect(systems).toMatchObject({ mode: "LIVE", messaging: { send: true } });
  });
});
