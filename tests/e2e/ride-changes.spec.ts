import { expect, test } from "./fixtures";
import { bookedCase } from "./pages/booked-case";
import { SignInPage } from "./pages/sign-in";

test.describe("a changed ride is told and explained", () => {
  test.beforeEach(async ({ page }) => {
    await new SignInPage(page).signInAs("supervisor");
  });

  test("a re-timed pickup reaches the passengers; a cancelled ride says why in the transport table", async ({ page }) => {
    test.setTimeout(180_000);
    const booked = await bookedCase(page);
    // the stay's voucher has left (its messages are in the outbox): a change is news for its passengers
    const messagesOf = async (kind: string) => {
      const res = await page.request.get(`/api/v1/cases/${encodeURIComponent(booked.caseUrn)}/messages?kind=${kind}&limit=100`);
      expect(res.status()).toBe(200);
      return (await res.json()).items as { kind: string; text?: string }[];
    };
    await expect(async () => expect((await messagesOf("VOUCHER")).length).toBeGreaterThan(0)).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
    const created = await page.request.post("/api/v1/transport/segments", {
      data: { reservationUrn: booked.reservationUrn, direction: "AIRPORT_TO_HOTEL", scheduledAt: "2026-11-21T19:00:00Z", vehicleType: "SHUTTLE" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const segmentUrn = (await created.json()).urn as string;

    // the re-time dialog says the passengers are told, and they are
    await page.goto("/transport?airport=CDG");
    const ride = page.locator(`[data-testid=segment-row][data-urn="${segmentUrn}"]`);
    await ride.getByTestId("segment-retime").click();
    await expect(page.getByRole("dialog")).toContainText("passengers who already have their voucher are told the new time");
    await page.getByTestId("segment-retime-at").fill("2026-11-21T20:40");
    await page.getByRole("dialog").getByLabel("Reason").fill("coach late");
    await page.getByRole("dialog").getByRole("button", { name: "Retime" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(async () => expect((await messagesOf("RIDE_CHANGED")).length).toBeGreaterThan(0)).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });

    // a ride replaced by taxis says so in plain words where it is listed
    const cancelled = await page.request.post(`/api/v1/transport/segments/${encodeURIComponent(segmentUrn)}/cancel`, { data: { reason: "replaced by taxi vouchers (NIGHT)" } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await page.goto("/transport?airport=CDG");
    await expect(ride.getByTestId("segment-cancel-reason")).toHaveText("Replaced by taxi vouchers: outside the shuttle hours");
  });
});
