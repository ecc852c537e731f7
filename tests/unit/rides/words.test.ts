import { describe, expect, it } from "vitest";
import { formatLocalDateTime, formatMoney } from "@/lib/i18n/format";
import { mealAmount, mealTime } from "@/lib/meals/words";
import { capLabel, pickupLabel } from "@/lib/rides/words";

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("ride words in the passenger's language (one helper with the meal vouchers)", () => {
  it("the cap is localised money, as the meal amount is", () => {
    expect(capLabel(80, "EUR", "en")).toBe("€80.00");
    expect(nbsp(capLabel(80, "EUR", "fr"))).toBe("80,00 €");
    expect(nbsp(capLabel(12.5, "EUR", "de"))).toBe("12,50 €");
    expect(capLabel(80, "EUR", "fr")).toBe(mealAmount("fr", 80, "EUR"));
    expect(formatMoney(80, "XX", "en")).toBe("80.00 XX");
  });

  it("the pickup is the airport's wall clock in the passenger's words", () => {
    const at = "2027-01-10T23:00:00Z"; // 00:00 on the 11th in Paris
    expect(pickupLabel(at, "Europe/Paris", "en")).toBe("Jan 11, 00:00");
    expect(pickupLabel(at, "Europe/Paris", "fr")).toBe("11 janv., 00:00");
    expect(pickupLabel(at, "Europe/Paris", "de")).toBe("11. Jan., 00:00");
    expect(pickupLabel(at, "Europe/Paris", "es")).toBe(formatLocalDateTime(at, "Europe/Paris", "es"));
    expect(mealTime("de", new Date(at), "Europe/Paris")).toBe(pickupLabel(at, "Europe/Paris", "de"));
  });
});
