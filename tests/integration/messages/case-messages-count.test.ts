import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
// the Resend button's server action needs a request; the section only renders it
vi.mock("@/components/messages/actions", () => ({ resendMessageAction: vi.fn() }));
import { CASE_MESSAGES_SHOWN, CaseMessages } from "@/components/messages/case-messages";
import { messages } from "@/db/schema";
import { newUrn } from "@/lib/ids";
import { countCaseMessages } from "@/lib/messages/count-case";
import { listOutbox } from "@/lib/messages/outbox";
import { apiTestDatabase } from "../../helpers/api";
import { roleToken } from "../../helpers/cases";
import { ctxFor, principal, uniqueTenant } from "../../helpers/factories";
import { confirmedReservation, type ReservationFixture } from "../../helpers/reservations";

const database = apiTestDatabase({ airports: true });
const tenant = uniqueTenant();
let fx: ReservationFixture;
const BIG = CASE_MESSAGES_SHOWN + 25;
const FAILED = 30;

beforeAll(async () => {
  fx = await confirmedReservation(database.db, { token: await roleToken(tenant, "ADMIN"), tenant });
  const t0 = Date.parse("2026-11-21T19:00:00Z");
  // the oldest are the failed ones: a count over the shown page alone would miss them
  await database.db.insert(messages).values(
    Array.from({ length: BIG }, (_, i) => ({ urn: newUrn("email"), tenant, kind: "VOUCHER" as const, recipient: `p${i}@example.com`, caseUrn: fx.caseUrn, relatedUrn: fx.reservationUrn, text: "t", status: i < FAILED ? ("FAILED" as const) : ("SENT" as const), createdAt: new Date(t0 + i * 1000) })),
  );
});

const ctx = () => ctxFor(database.db, principal({ tenant, roles: ["OPS_SUPERVISOR"], airports: ["*"] }));

describe("a case with more messages than its page shows", () => {
  it("counts every message and every failure in one statement", async () => {
    expect(await countCaseMessages({ ctx: ctx(), input: { caseUrn: fx.caseUrn } })).toEqual({ total: BIG, failed: FAILED });
  });

  it("the case page's section shows the true counts, the newest page, and links to the outbox filtered by the case", async () => {
    const html = renderToStaticMarkup(await CaseMessages({ ctx: ctx(), caseUrn: fx.caseUrn, closed: false, drill: false, zone: "Europe/Paris", hotels: {} }));
    expect(html.split('data-testid="case-message"').length - 1).toBe(CASE_MESSAGES_SHOWN);
    expect(html).toContain(`>${BIG}</`);
    expect(html).toContain(`${FAILED} failed`);
    expect(html).toContain(`Showing the newest ${CASE_MESSAGES_SHOWN} of ${BIG}.`);
    expect(html).toContain(`href="/outbox?case=${encodeURIComponent(fx.caseUrn)}"`);
  });

  it("the outbox filtered by case lists that case's messages only", async () => {
    await database.db.insert(messages).values({ urn: newUrn("email"), tenant, kind: "VOUCHER", recipient: "other@example.com", caseUrn: newUrn("case"), text: "t", status: "SENT" });
    const rows = await listOutbox({ ctx: ctx(), input: { caseUrn: fx.caseUrn, status: "FAILED", limit: 500 } });
    expect(rows).toHaveLength(FAILED);
    expect((await listOutbox({ ctx: ctx(), input: { caseUrn: fx.caseUrn, limit: 500 } })).map((r) => r.to)).not.toContain("o…r@example.com");
  });
});
