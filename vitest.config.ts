import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // PGlite boots in ~2 s per file; two cores, so two workers
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // OUTBOUND_ALLOW_PRIVATE: the tests' webhook receivers listen on 127.0.0.1; the SSRF tests switch it off
    env: { NEXT_TELEMETRY_DISABLED: "1", AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef", LOG_LEVEL: "silent", OUTBOUND_ALLOW_PRIVATE: "1" },
  },
});
