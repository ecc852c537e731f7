import http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startMealsSandboxIfAsked } from "@/lib/peers/meals/boot-sandbox";
import { createVoucher } from "@/lib/peers/meals/client";
import { mealsSettings } from "@/lib/peers/meals/settings";
import { verifyHmacHex } from "@/lib/http/body-signature";
import { listen } from "@/lib/providers/sandbox-kit";

afterEach(() => vi.unstubAllEnvs());

describe("MEALS_URL at start", () => {
  it("unset: no issuer", async () => {
    vi.stubEnv("MEALS_URL", "");
    await startMealsSandboxIfAsked();
    expect(mealsSettings()).toBeNull();
  });

  it("sandbox: our issuer is started, every client pointed at it, and its redemption callbacks come to our route, signed with MEALS_SECRET", async () => {
    const received: { path: string; signature: string | undefined; body: string }[] = [];
    const service = await listen(
      http.createServer((req, res) => {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString("utf8")));
        req.on("end", () => {
          received.push({ path: req.url ?? "", signature: req.headers["x-meal-signature"] as string | undefined, body });
          res.writeHead(200).end("{}");
        });
      }),
      0,
    );
    try {
      vi.stubEnv("MEALS_URL", "sandbox");
      vi.stubEnv("MEALS_KEY", "");
      vi.stubEnv("MEALS_SECRET", "");
      vi.stubEnv("PUBLIC_URL", service.url);
      await startMealsSandboxIfAsked();
      const endpoint = mealsSettings();
      expect(endpoint?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const made = await createVoucher(endpoint!, { amount: 15, currency: "EUR", passengerRef: "P1", validFrom: "2026-11-21T18:05:00.000Z", validUntil: "2026-11-22T00:05:00.000Z", merchantCategory: "FOOD" }, "boot-test");
      if (!made.ok) throw new Error(`not issued: ${made.message}`);
      const redeemed = await fetch(`${endpoint!.baseUrl}/__sandbox/redeem`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: made.voucher.id, amount: 9.9 }) });
      expect(((await redeemed.json()) as { answered: number }).answered).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].path).toBe("/api/v1/meal-vouchers/redemptions");
      expect(JSON.parse(received[0].body)).toMatchObject({ id: made.voucher.id, amount: 9.9 });
      expect(verifyHmacHex(process.env.MEALS_SECRET!, received[0].body, received[0].signature)).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
