import { expect, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in";

test.describe("personal data, as an ADMIN", () => {
  test("erases one passenger from the case page with a reason; the others keep their names", async ({ page }) => {
    await new SignInPage(page).signInAs("admin");
    const stamp = `${Date.now()}`;
    const res = await page.request.post("/api/v1/cases", {
      data: {
        externalEventId: `e2e-erase-${stamp}`,
        flight: { number: "AF1290", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
        nextFlight: { number: "AF1292", scheduledDeparture: "2026-11-22T09:30:00Z" },
        passengerGroups: [
          {
            pnr: `ER${stamp.slice(-5)}`,
            passengers: [
              { id: `E1-${stamp}`, firstName: "Philippa", lastName: "Thistlewood", tier: "ECONOMY", email: "philippa@example.test" },
              { id: `E2-${stamp}`, firstName: "Octavian", lastName: "Brightwater", tier: "ECONOMY" },
            ],
          },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { urn } = await res.json();

    await page.goto(`/cases/${encodeURIComponent(urn)}`);
    const line = page.getByTestId("passenger-line").filter({ hasText: "THISTLEWOOD" });
    await line.getByTestId("passenger-erase").click();
    await page.getByTestId("reason-confirm").click();
    await expect(page.getByTestId("field-error")).toBeVisible(); // a reason is required
    await page.getByTestId("reason-input").fill("passenger's request, ref 4411");
    await page.getByTestId("reason-confirm").click();

    await expect(page.getByTestId("passenger-erased")).toHaveText(`E1-${stamp} (personal data erased)`);
    await expect(page.getByText("THISTLEWOOD")).toHaveCount(0);
    await expect(page.getByTestId("passenger-line").filter({ hasText: "BRIGHTWATER" })).toBeVisible();
    const after = await (await page.request.get(`/api/v1/cases/${encodeURIComponent(urn)}`)).json();
    expect(after.passengerGroups[0].passengers[0]).toMatchObject({ firstName: null, lastName: null, email: null, erasedAt: expect.any(String) });
  });
});
