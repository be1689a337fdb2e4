import { createPostgresTemplate } from "../../packages/db/src/test-database.ts";

// Vitest's global setup for the "postgres" project: one migrated template database per run, which
// every test database of the run copies (packages/db/src/test-database.ts), dropped at the end.
// The test processes are started after this runs, so they inherit the variable.
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return async () => {};
  const template = await createPostgresTemplate(serverUrl);
  process.env.JAI_TEST_TEMPLATE_DATABASE = template.name;
  return async () => {
    delete process.env.JAI_TEST_TEMPLATE_DATABASE;
    await template.drop();
  };
}
