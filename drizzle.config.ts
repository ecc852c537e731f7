import { defineConfig } from "drizzle-kit";

// Only `generate` is used: migrations are applied at start by db/migrate.ts on every driver.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
