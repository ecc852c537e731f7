import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // PGlite boots in ~2 s per file; two cores, so two workers
    maxWorkers: 2,
    // CI runs on a machine whose speed varies about twofold between sessions: a margin, not a deadline a test meets
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // next-auth imports "next/server" and "next/headers" without the .js Node's ESM resolver needs:
    // let Vite resolve them, so tests can call next-auth's own handlers (sign-in, sign-out) in-process
    server: { deps: { inline: ["next-auth"] } },
    // OUTBOUND_ALLOW_PRIVATE: the tests' webhook receivers listen on 127.0.0.1; the SSRF tests switch it off
    // PASSENGER_LINK_GRACE_DAYS: the fixtures' stays are on fixed dates (November 2026): their passenger links must
    // outlive them (a link's expiry is check-out + the grace; the expiry tests sign a past expiry themselves)
    env: { NEXT_TELEMETRY_DISABLED: "1", PASSENGER_LINK_GRACE_DAYS: "3650", AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef", LOG_LEVEL: "silent", OUTBOUND_ALLOW_PRIVATE: "1" },
  },
});
