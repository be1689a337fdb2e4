import type { Database } from "@jai/db";

/** What loaders and API handlers share: built once at boot by main.ts. */
export type AppServices = {
  database: Database;
};
