import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReasonWithStays } from "@/components/booking/reason-with-stays";

const NEW = "urn:svc:reservation:0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10";
const html = (text: string, stays: [string, string | null][]) => renderToStaticMarkup(createElement(ReasonWithStays, { text, stays: new Map(stays) }));

describe("a cancelled booking's reason names the stay that replaced it", () => {
  it("shows the hotel of a stay of the case, linked to its row, not its URN", () => {
    const out = html(`replaced by ${NEW} at Ibis CDG: the passenger chose another hotel`, [[NEW, "Ibis CDG"]]);
    expect(out).not.toContain(">urn:svc:reservation");
    expect(out).toContain(`href="#stay-0195f0c8-7a1e-7c2d-9a55-3b2f4a1c9d10"`);
    expect(out).toMatch(/replaced by <a [^>]*>Ibis CDG<\/a>: the passenger chose another hotel/);
  });

  it("keeps the reason's own hotel words for a stay it cannot link, and leaves other text alone", () => {
    expect(html(`replaced by ${NEW} at Novotel: the passenger chose another hotel`, [])).toMatch(/replaced by <span [^>]*>Novotel<\/span>: the passenger/);
    expect(html("the next flight moved to AF1236", [])).toBe("the next flight moved to AF1236");
  });
});
