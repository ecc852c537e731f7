import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getBoard } from "@/app/api/v1/board/route";
import { caseProgress } from "@/lib/read-models/case-progress";
import { noServerReason } from "@/lib/messages/channels";
import { apiTestDatabase, call } from "../../helpers/api";
import { pax, roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
// the console page reads its user from the session: here, an ADMIN of the test tenant on the test database
vi.mock("@/lib/console/session-ctx", () => ({ sessionCtx: async () => ({ ...ctxFor(database.db, principal({ tenant, roles: ["ADMIN"], airports: ["*"] })), user: { sub: "u", tenant } }) }));
const { default: OutboxPage } = await import("@/app/(console)/outbox/page");

let fx: ReservationFixture;
let token: string;

beforeAll(async () => {
  token = await roleToken(tenant, "ADMIN");
  fx = await confirmedReservation(database.db, { token, tenant, group: { pnr: "SMSBAD", passengers: [pax("S1", "ECONOMY", { email: null, phone: "+33600000001" })] } });
});
afterEach(() => vi.unstubAllEnvs());

/** `sandbox` before the supervisor resolved it, and a URL that is not a Twilio account URL: both mean "no SMS provider", never a crash. */
describe.each([
  ["sandbox", "sandbox"],
  ["a malformed URL", "not a url"],
  ["a URL without /Accounts/{sid}", "https://sms.example.com/v1"],
])("SMS_URL = %s", (_, value) => {
  it("the board answers 200 and says no SMS provider", async () => {
    vi.stubEnv("SMS_URL", value);
    const res = await call(getBoard, "/board", { token, query: { airport: "CDG" } });
    expect(res.status).toBe(200);
    expect(res.json.reach).toMatchObject({ passengers: 1, smsProvider: false });
  });

  it("the case's progress names SMS_URL as what to set", async () => {
    vi.stubEnv("SMS_URL", value);
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:9");
    expect(noServerReason("SMS")).toBe("no SMS provider configured: set SMS_URL");
    const progress = await caseProgress({ ctx: ctxFor(database.db, principal({ tenant })), input: { caseUrn: fx.caseUrn } });
    expect(progress.steps.find((s) => s.key === "reach")).toBeDefined();
  });

  it("the outbox page renders with its 'no SMS provider' note", async () => {
    vi.stubEnv("SMS_URL", value);
    const html = renderToStaticMarkup(h("div", null, await OutboxPage({ searchParams: Promise.resolve({}) })));
    expect(html).toContain('data-testid="outbox-no-sms-provider"');
  });
});
