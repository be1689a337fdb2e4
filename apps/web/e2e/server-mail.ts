import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type ParsedEmail, parseEmail } from "../server/test/parse-email";

/**
 * The data directory of the server under test (see scripts/e2e-server.mjs): the one on the port of
 * the running test's project (the PostgreSQL project has a server of its own).
 */
async function serverDataDir(): Promise<string> {
  const baseURL = test.info().project.use.baseURL;
  const port = baseURL ? new URL(baseURL).port : (process.env.E2E_PORT ?? "4173");
  const pointer = path.join(os.tmpdir(), `jai-e2e-server-${port}.json`);
  return (JSON.parse(await readFile(pointer, "utf8")) as { dataDir: string }).dataDir;
}

/**
 * Waits for the email whose subject contains `text` (and, given `to`, sent to that address)
 * among the .eml files the server writes without SMTP, and returns it parsed with its file name.
 */
export async function waitForEmail(
  text: string,
  { to }: { to?: string } = {},
): Promise<ParsedEmail & { file: string }> {
  const mailDir = path.join(await serverDataDir(), "mail");
  let found: (ParsedEmail & { file: string }) | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(mailDir).catch(() => [] as string[]);
        for (const file of files.filter((name) => name.endsWith(".eml"))) {
          const email = parseEmail(await readFile(path.join(mailDir, file), "utf8"));
          const isForRecipient = !to || email.header("to")?.toLowerCase() === to.toLowerCase();
          if (email.header("subject")?.includes(text) && isForRecipient) {
            found = { ...email, file };
            return true;
          }
        }
        return false;
      },
      {
        message: `an .eml file with "${text}" in its subject${to ? ` to ${to}` : ""}`,
        timeout: 10_000,
      },
    )
    .toBe(true);
  return found!;
}
