import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConsoleTestApp } from "../test/console-test-app";
import { trustedOriginsFor } from "./create-auth";

describe("where sign-up and sign-in may come from", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  it("trusts every loopback name of a loopback PUBLIC_URL, and only PUBLIC_URL otherwise", () => {
    expect(trustedOriginsFor("http://localhost:3000")).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(trustedOriginsFor("https://jai.example")).toEqual(["https://jai.example"]);
  });

  it("signs up from http://127.0.0.1 when PUBLIC_URL is localhost, and says what to open otherwise", async () => {
    const { app, log } = createConsoleTestApp(testDatabase);
    const signUp = (origin: string, language = "en") =>
      app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: {
          Origin: origin,
          "Content-Type": "application/json",
          "Accept-Language": language,
        },
        body: JSON.stringify({
          name: "Somchai",
          email: `somchai-${origin.length}@example.com`,
          password: "a long and happy passphrase",
        }),
      });
    expect((await signUp("http://127.0.0.1:3000")).status).toBe(200);

    const refused = await signUp("https://jai-proxy.example", "th");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toContain("localhost:3000");
    expect(log.text()).toContain("set PUBLIC_URL=https://jai-proxy.example");
  });
});
