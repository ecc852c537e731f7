import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CasePage, openSection } from "./pages/case";
import { approveRooms } from "./pages/wave";
import { SignInPage } from "./pages/sign-in";

/** A family of two with email addresses at CDG, booked by the jobs: without SMTP_URL their vouchers are KEPT. */
async function accommodatedCase(page: Page): Promise<string> {
  const stamp = `${Date.now()}`;
  // tomorrow 14:00 Paris, the next flight the day after at 16:00: meals not owed yet and every ride by day (no taxi),
  // so the case's only messages are the hotel vouchers
  const tomorrow = new Date(Date.now() + 86_400_000);
  const departs = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 13));
  const next = new Date(departs.getTime() + 26 * 3_600_000);
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-messages-${stamp}`,
      flight: { number: "AF1390", origin: "CDG", destination: "JFK", scheduledDeparture: departs.toISOString(), status: "CANCELLED" },
      nextFlight: { number: "AF1392", scheduledDeparture: next.toISOString() },
      passengerGroups: [
        {
          pnr: `MS${stamp.slice(-5)}`,
          passengers: [1, 2].map((i) => ({ id: `ms${i}-${stamp}`, firstName: "Mina", lastName: `Message${i}`, tier: "ECONOMY", email: `mina${i}@example.test` })),
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const record = await res.json();
  await approveRooms(page, record.urn, record.roomsNeeded);
  await expect(async () => {
    const c = await page.request.get(`/api/v1/cases/${encodeURIComponent(record.urn)}/messages`);
    expect((await c.json()).items).toHaveLength(2);
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
  return record.urn as string;
}

test("a case's messages: kept vouchers named, recipients masked, resent from the case page with a reason", async ({ page }) => {
  await new SignInPage(page).signInAs("supervisor");
  const caseUrn = await accommodatedCase(page);
  const casePage = new CasePage(page);
  await casePage.goto(caseUrn);

  const section = page.getByTestId("case-messages");
  const rows = section.getByTestId("case-message");
  await expect(rows).toHaveCount(2);
  await expect(section.locator('[data-testid=case-message][data-status=KEPT]')).toHaveCount(2);
  await expect(section.getByTestId("case-message-kept").first()).toHaveText("no mail server configured: set SMTP_URL");
  // the passenger each was for, by name
  await expect(rows.filter({ hasText: "Mina Message1" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Mina Message2" })).toHaveCount(1);
  // an OPS_SUPERVISOR reads the recipient masked
  await expect(section.getByTestId("case-message-recipient").first()).toHaveText(/^m…\d@example\.test$/);

  const resent = rows.filter({ hasText: "Mina Message1" });
  await openSection(page, "case-messages");
  await resent.getByTestId("message-resend").click();
  await page.getByTestId("reason-confirm").click();
  await expect(page.getByTestId("field-error")).toContainText("A reason is required");
  await casePage.confirmWithReason("passenger at the desk says nothing came");

  await expect(rows).toHaveCount(3);
  const copy = rows.filter({ hasText: "resend 1: passenger at the desk says nothing came" });
  await expect(copy).toHaveCount(1);
  await expect(copy).toContainText("Mina Message1");
  // still no mail server: the resend is kept as well, by the same rule as every new message
  await expect(copy).toHaveAttribute("data-status", "KEPT");
});
