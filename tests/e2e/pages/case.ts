import { expect, type Page } from "@playwright/test";

let seq = 0;

/** A case created through the API with the signed-in console session (the API accepts it). */
export async function createCase(page: Page, origin = "CDG", passengers = 3): Promise<string> {
  const stamp = `${Date.now()}-${seq++}`;
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-${stamp}`,
      flight: { number: "AF1234", origin, destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1236", scheduledDeparture: "2026-11-22T09:30:00Z" },
      passengerGroups: [
        {
          pnr: `P${String(Date.now()).slice(-6)}`,
          passengers: Array.from({ length: passengers }, (_, i) => ({
            id: `p-${stamp}-${i}`,
            firstName: `First${i}`,
            lastName: `Last${i}`,
            tier: "ECONOMY",
            email: `p${i}@example.test`,
          })),
        },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).urn as string;
}

/**
 * Open one of the case page's folded sections (a FoldSection, by its test id) with its summary
 * line, as a person does; nothing happens to one already open.
 */
export async function openSection(page: Page, testId: string) {
  const section = page.getByTestId(testId);
  const details = section.locator("details").first();
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await section.getByTestId("fold-summary").first().click();
  await expect(details).toHaveAttribute("open", "");
}

/** The case page: header, demand table with approve/reject, and the passenger upload. */
export class CasePage {
  constructor(readonly page: Page) {}

  async goto(urn: string) {
    await this.page.goto(`/cases/${encodeURIComponent(urn)}`);
    await expect(this.page.getByTestId("case-flight")).toBeVisible();
  }

  demandRow(index = 0) {
    return this.page.getByTestId("demand-row").nth(index);
  }

  /** acknowledgeExcess: tick the warning the dialog shows for far more rooms than the manifest needs */
  async requestRooms(rooms: number, { acknowledgeExcess = false } = {}) {
    await this.page.getByTestId("request-rooms-open").click();
    await this.page.getByTestId("request-rooms-count").fill(String(rooms));
    if (acknowledgeExcess) await this.page.getByTestId("guard-confirm").check();
    await this.page.getByTestId("request-rooms-submit").click();
    await expect(this.page.getByTestId("request-rooms-form")).toHaveCount(0);
  }

  async confirmWithReason(reason: string) {
    await this.page.getByTestId("reason-input").fill(reason);
    await this.page.getByTestId("reason-confirm").click();
    await expect(this.page.getByTestId("reason-dialog")).toHaveCount(0);
  }

  async upload(name: string, csv: string) {
    await this.page.getByTestId("upload-passengers-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await this.page.getByTestId("upload-passengers-submit").click();
  }
}
