import type { NextConfig } from "next";
import { consoleActionBodyLimit } from "./lib/cases/form-limits";
import { config as env } from "./lib/config/env";
import { NO_REFERRER_SOURCE, securityHeaders } from "./lib/http/security-headers";

const config: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory at run time; piscina
  // starts its worker threads from its own dist/worker.js, which a bundle does not have.
  serverExternalPackages: ["@electric-sql/pglite", "exceljs", "piscina"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole project (tests and scripts included) before anything else; the
  // build of `npm start` does not repeat it, so a user's first start is a minute shorter on 2 cores
  typescript: { ignoreBuildErrors: true },
  // the New case form sends its whole manifest (up to 5,000,000 characters) or a spreadsheet of up
  // to UPLOAD_LIMIT_BYTES through a server action; Next's default 1 MB refused a legal manifest
  experimental: { serverActions: { bodySizeLimit: consoleActionBodyLimit(env.UPLOAD_LIMIT_BYTES) } },
  // CSP (frame-ancestors 'none'), nosniff, Referrer-Policy on every response: pages, API, assets;
  // the passenger page's no-referrer comes last, as the last match of a header key wins
  async headers() {
    return [
      { source: "/:path*", headers: Object.entries(securityHeaders()).map(([key, value]) => ({ key, value })) },
      // the passenger page: never cached by a shared proxy, never indexed (the link is the credential)
      {
        source: NO_REFERRER_SOURCE,
        headers: [
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Cache-Control", value: "private, no-store" },
          { key: "X-Robots-Tag", value: "noindex" },
        ],
      },
    ];
  },
};

export default config;
