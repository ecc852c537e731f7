import type { NextConfig } from "next";

const config: NextConfig = {
  // PGlite loads its WASM and data files from its own package directory at run time.
  serverExternalPackages: ["@electric-sql/pglite", "exceljs"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
