import { defineConfig } from "drizzle-kit";

// Only `generate` is used: migrations are applied by the app itself at boot (src/migrate.ts), so
// this config needs no database credentials.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./migrations",
  strict: true,
  verbose: true,
});
