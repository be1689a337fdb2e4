// The fake Google OAuth token endpoint and Sheets API as their own process, for trying the
// console's Google Sheets section by hand and for benchmarks. The service account's key pair is
// made at start (no key in the repository): the settings the server needs are printed, and
// written to FAKE_GOOGLE_SHEETS_ENV_FILE when it is set (a .env file, mode 0600). Spreadsheets:
// an FAQ sheet shared as reader, a log sheet shared as writer, a private one (403), each with a
// tab "Sheet1" (see fake-google-sheets-credentials.ts for their ids).

import { writeFile } from "node:fs/promises";
import { startFakeGoogleSheets } from "./fake-google-sheets";
import { e2eSpreadsheets, testServiceAccount } from "./fake-google-sheets-credentials";

const port = Number(process.env.FAKE_GOOGLE_SHEETS_PORT ?? 4379);
const account = testServiceAccount();
const fake = await startFakeGoogleSheets({
  port,
  accounts: { [account.email]: account.publicKey },
  quota: {
    requests: Number(process.env.FAKE_GOOGLE_SHEETS_QUOTA ?? 60),
    windowMs: 60_000,
  },
});
fake.addSpreadsheet({
  id: e2eSpreadsheets.faqs,
  tabs: {
    Sheet1: [
      ["คำถาม", "คำตอบ", "ภาษา"],
      ["ร้านเปิดกี่โมง", "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ", "th"],
      ["What time do you open?", "We open every day from 9 am to 5 pm.", "en"],
    ],
  },
  sharedWith: { [account.email]: "reader" },
});
fake.addSpreadsheet({
  id: e2eSpreadsheets.log,
  tabs: { Sheet1: [] },
  sharedWith: { [account.email]: "writer" },
});
fake.addSpreadsheet({ id: e2eSpreadsheets.private, tabs: { Sheet1: [] } });

const settings = [
  `GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL=${account.email}`,
  `GOOGLE_SHEETS_PRIVATE_KEY="${account.privateKey.trim().replaceAll("\n", "\\n")}"`,
  `GOOGLE_SHEETS_API_BASE_URL=${fake.url}`,
  `GOOGLE_OAUTH_TOKEN_URL=${fake.tokenUrl}`,
].join("\n");
if (process.env.FAKE_GOOGLE_SHEETS_ENV_FILE) {
  await writeFile(process.env.FAKE_GOOGLE_SHEETS_ENV_FILE, `${settings}\n`, { mode: 0o600 });
}
process.stdout.write(`fake Google Sheets API on ${fake.url} (token URL ${fake.tokenUrl})\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
