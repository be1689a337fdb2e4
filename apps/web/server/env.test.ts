import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";
import { testServiceAccount } from "./test/fake-google-sheets-credentials";

describe("parseEnv", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:3000",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("derives the public URL from the port and strips trailing slashes", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://jai.example/" }).PUBLIC_URL).toBe("https://jai.example");
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("fails with a readable message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrowError(EnvError);
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it("reads ADMIN_EMAILS as a lower-cased list and refuses anything but addresses", () => {
    expect(parseEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(
      parseEnv({ ADMIN_EMAILS: " Admin@Example.com, ops@example.com,,admin@example.com" })
        .ADMIN_EMAILS,
    ).toEqual(["admin@example.com", "ops@example.com"]);
    expect(() => parseEnv({ ADMIN_EMAILS: "admin@example.com; ops" })).toThrowError(/ADMIN_EMAILS/);
  });

  it("defaults the mail settings", () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.SECRET_KEY).toBeUndefined();
    expect(env.CONTACT_TO).toBe("hello@jai.chat");
    expect(env.MAIL_FROM).toEqual({ name: "Jai", address: "no-reply@jai.chat" });
    expect(env.CONTACT_RATE_LIMIT).toBe(5);
  });

  it("reads the mail settings", () => {
    const env = parseEnv({
      SMTP_URL: "smtps://mailer:p%40ss@smtp.example.com:465",
      CONTACT_TO: " team@example.com ",
      MAIL_FROM: '"Jai Team" <bot@example.com>',
      SECRET_KEY: "k".repeat(32),
      CONTACT_RATE_LIMIT: "1000",
    });
    expect(env).toMatchObject({
      SMTP_URL: "smtps://mailer:p%40ss@smtp.example.com:465",
      CONTACT_TO: "team@example.com",
      MAIL_FROM: { name: "Jai Team", address: "bot@example.com" },
      SECRET_KEY: "k".repeat(32),
      CONTACT_RATE_LIMIT: 1000,
    });
  });

  it.each([
    ["SMTP_URL", "http://smtp.example.com"],
    ["SMTP_URL", "smtp://"],
    ["CONTACT_TO", "a@example.com, b@example.com"],
    ["CONTACT_TO", "Team <team@example.com>"],
    ["MAIL_FROM", "a@example.com, b@example.com"],
    ["MAIL_FROM", "not an address"],
    ["SECRET_KEY", "too-short"],
    ["CONTACT_RATE_LIMIT", "0"],
  ])("rejects %s=%j without echoing the value", (name, value) => {
    try {
      parseEnv({ [name]: value });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as Error).message).toContain(`${name}:`);
      if (name === "SECRET_KEY") expect((error as Error).message).not.toContain(value);
    }
  });

  it("reads the Google Sheets settings: the key's \\n escapes undone, both or neither, never echoed", () => {
    const { email, privateKey } = testServiceAccount();
    expect(parseEnv({})).toMatchObject({
      GOOGLE_SHEETS_API_BASE_URL: "https://sheets.googleapis.com",
      GOOGLE_OAUTH_TOKEN_URL: "https://oauth2.googleapis.com/token",
    });
    expect(parseEnv({}).GOOGLE_SHEETS_PRIVATE_KEY).toBeUndefined();
    const escaped = `"${privateKey.trim().replaceAll("\n", "\\n")}"`;
    const env = parseEnv({
      GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL: email,
      GOOGLE_SHEETS_PRIVATE_KEY: escaped,
      GOOGLE_SHEETS_API_BASE_URL: "http://127.0.0.1:4379/",
      GOOGLE_OAUTH_TOKEN_URL: "http://127.0.0.1:4379/token",
    });
    expect(env.GOOGLE_SHEETS_PRIVATE_KEY).toBe(privateKey.trim());
    expect(env.GOOGLE_SHEETS_API_BASE_URL).toBe("http://127.0.0.1:4379");
    expect(() => parseEnv({ GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL: email })).toThrowError(
      /set GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL and GOOGLE_SHEETS_PRIVATE_KEY together/,
    );
    const secretLooking =
      "-----BEGIN PRIVATE KEY-----\\nnot-a-key-but-secret\\n-----END PRIVATE KEY-----";
    try {
      parseEnv({
        GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL: email,
        GOOGLE_SHEETS_PRIVATE_KEY: secretLooking,
      });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(
        /GOOGLE_SHEETS_PRIVATE_KEY: must be the service account's PEM/,
      );
      expect((error as Error).message).not.toContain("not-a-key-but-secret");
    }
    expect(() =>
      parseEnv({
        GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL: "not an email",
        GOOGLE_SHEETS_PRIVATE_KEY: escaped,
      }),
    ).toThrowError(/GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL/);
  });
});
