import type { NextConfig } from "next";
import { securityHeaders } from "./lib/http/security-headers";

const config: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory at run time; piscina
  // starts its worker threads from its own dist/worker.js, which a bundle does not have.
  serverExternalPackages: ["@electric-sql/pglite", "exceljs", "piscina"],
  poweredByHeader: false,
  typedRoutes: false,
  // CSP (frame-ancestors 'none'), nosniff, Referrer-Policy on every response: pages, API, assets
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(securityHeaders()).map(([key, value]) => ({ key, value })) }];
  },
};

export default config;
