import { generateKeyPairSync } from "node:crypto";

/**
 * The service account of the fake Google APIs (fake-google-sheets.ts): its email, and a key pair
 * made when first asked for (never a key in the repository). The server signs with the private
 * key (GOOGLE_SHEETS_PRIVATE_KEY); the fake checks signatures with the public one.
 */
export const fakeServiceAccountEmail = "jai-sheets@jai-test.iam.gserviceaccount.com";

export type TestServiceAccount = { email: string; privateKey: string; publicKey: string };

let made: TestServiceAccount | undefined;

/** The test service account (one key pair per process). */
export function testServiceAccount(): TestServiceAccount {
  made ??= (() => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    return { email: fakeServiceAccountEmail, privateKey, publicKey };
  })();
  return made;
}

/** Spreadsheets the standalone fake starts with (fake-google-sheets-main.ts). */
export const e2eSpreadsheets = {
  /** Shared with the service account as a reader: FAQs in Thai and English. */
  faqs: "1FaqSheetJaiE2E0000000000000000000000000000",
  /** Shared as a writer: conversations and leads are appended to it. */
  log: "1LogSheetJaiE2E0000000000000000000000000000",
  /** Not shared with the service account (403). */
  private: "1PrivateSheetJaiE2E00000000000000000000000",
};

/** Where a standalone fake listens next to the servers under test. */
export const fakeGoogleSheetsPort = (e2ePort: number) => e2ePort + 205;
