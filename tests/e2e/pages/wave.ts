import { expect, type Locator, type Page } from "@playwright/test";

let seq = 0;

/**
 * A CDG case through the API with the signed-in console session: one ECONOMY family the engine
 * places, and one PNR mixing ECONOMY and BUSINESS, which every wave holds (MIXED_TIER) until it is
 * split, so a rerun always has a group to place again whatever booking has done meanwhile.
 */
export async function createCaseWithHeldGroup(page: Page): Promise<{ caseUrn: string; roomsNeeded: number; placed: string; held: string }> {
  const stamp = `${Date.now()}-${seq++}`;
  const tail = String(Date.now()).slice(-5);
  const placed = `WF${tail}`;
  const held = `WM${tail}`;
  const person = (id: string, tier: string) => ({ id: `${id}-${stamp}`, firstName: "Test", lastName: `Traveller${id}`, tier, email: `${id.toLowerCase()}@example.test` });
  const res = await page.request.post("/api/v1/cases", {
    data: {
      externalEventId: `e2e-wave-${stamp}`,
      flight: { number: "AF1280", origin: "CDG", destination: "JFK", scheduledDeparture: "2026-11-21T18:05:00Z", status: "CANCELLED" },
      nextFlight: { number: "AF1282", scheduledDeparture: "2026-11-22T09:30:00Z" },
      passengerGroups: [
        { pnr: placed, passengers: [person("F1", "ECONOMY"), person("F2", "ECONOMY")] },
        { pnr: held, passengers: [person("M1", "ECONOMY"), person("M2", "BUSINESS")] },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const record = await res.json();
  return { caseUrn: record.urn as string, roomsNeeded: record.roomsNeeded as number, placed, held };
}

/** An INITIAL demand for the case's rooms, approved (by the CDG policy, or here with a reason). */
export async function approveRooms(page: Page, caseUrn: string, rooms: number): Promise<void> {
  const res = await page.request.post(`/api/v1/demand/case/${encodeURIComponent(caseUrn)}`, { data: { type: "INITIAL", roomsRequested: rooms } });
  expect(res.status(), await res.text()).toBe(201);
  const demand = await res.json();
  if (demand.status === "APPROVED") return;
  const approved = await page.request.post(`/api/v1/demand/${encodeURIComponent(demand.urn)}/approve`, { data: { reason: "e2e: approved at the desk" } });
  expect(approved.status(), await approved.text()).toBe(200);
}

export type RankingSort = "score" | "cost" | "distance" | "stars";

/** The wave page: totals, sources, radar, groups per hotel, held groups, ranking table and the two dialogs. */
export class WavePage {
  constructor(readonly page: Page) {}

  readonly status = () => this.page.getByTestId("wave-status");
  readonly radar = () => this.page.getByTestId("hotel-radar");
  readonly rankingRows = () => this.page.getByTestId("ranking-row");
  readonly placedGroup = (groupId: string) => this.page.locator(`[data-testid=placed-group][data-group="${groupId}"]`);
  readonly heldGroup = (groupId: string) => this.page.locator(`[data-testid=held-group][data-group="${groupId}"]`);
  readonly fieldError = () => this.page.getByTestId("field-error");

  async expectLoaded() {
    await expect(this.status()).toBeVisible();
    await expect(this.page.getByTestId("provider-health")).toBeVisible();
  }

  async sortBy(key: RankingSort) {
    await this.page.getByTestId(`ranking-sort-${key}`).click();
    await expect(this.page.getByTestId(`ranking-sort-${key}`)).toHaveAttribute("data-active", "true");
  }

  /** The distances of the first rows shown, as numbers. */
  async distances(count = 20): Promise<number[]> {
    const cells = await this.page.getByTestId("ranking-distance").allTextContents();
    return cells.slice(0, count).map((t) => Number(t.trim()));
  }

  async openOverride(group: Locator) {
    await group.getByTestId("override-open").click();
    await expect(this.page.getByTestId("override-dialog")).toBeVisible();
  }

  /** Picks the first hotel the dialog offers with enough rooms left; answers its label. */
  async pickFirstHotel(): Promise<string> {
    const select = this.page.getByTestId("override-hotel");
    const option = select.locator("option:not([disabled]):not([value=''])").first();
    const value = await option.getAttribute("value");
    expect(value, "the dialog offers at least one hotel").toBeTruthy();
    await select.selectOption(value!);
    return (await option.textContent()) ?? "";
  }
}
