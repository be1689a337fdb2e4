// Child process for the data-directory lock tests: opens the given data directory, inserts a
// contact message, prints "ready" (or the error) and, with --hold, keeps the database open
// until killed. Run with `node --import tsx`.
import { createDatabase } from "../src/create-database.ts";
import { migrate } from "../src/migrate.ts";
import { contactMessages } from "../src/schema/contact-messages.ts";

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: open-data-dir.ts <dataDir> [--hold]");

try {
  const database = await createDatabase({ dataDir });
  await migrate(database);
  await database.db.insert(contactMessages).values({
    name: "Child",
    email: "child@example.com",
    reason: "test",
    subject: "From the child process",
    message: "written before being killed",
    language: "en",
  });
  process.stdout.write("ready\n");
  if (mode !== "--hold") await database.close();
} catch (error) {
  process.stdout.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
