import { describe, expect, it } from "vitest";
import { emlFileName, toMailSendError } from "./create-mail-transport";

describe("toMailSendError", () => {
  it("keeps the SMTP reply and removes credentials", () => {
    const error = Object.assign(new Error("Invalid login: 535 5.7.8 rejected hunter2-pass"), {
      code: "EAUTH",
      responseCode: 535,
      permanent: true,
    });
    const failure = toMailSendError(error, ["hunter2-pass"]);
    expect(failure.message).toBe("EAUTH: Invalid login: 535 5.7.8 rejected [redacted]");
    // A refused login is fixed by configuration, not by giving up on the email.
    expect(failure.isPermanent).toBe(false);
  });

  it("removes credentials from URLs and line breaks, and bounds the length", () => {
    const failure = toMailSendError(
      new Error(`proxy smtp://user:pw@relay.example:25 failed\r\n${"x".repeat(1000)}`),
    );
    expect(failure.message).toMatch(/^proxy smtp:\/\/\[redacted\]@relay\.example:25 failed x+$/);
    expect(failure.message.length).toBe(500);
  });

  it("treats a refused recipient or message as permanent, network trouble as temporary", () => {
    const refused = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: "EENVELOPE",
      responseCode: 550,
      permanent: true,
    });
    expect(toMailSendError(refused).isPermanent).toBe(true);
    const busy = Object.assign(new Error("451 try later"), {
      code: "EENVELOPE",
      responseCode: 451,
      permanent: false,
    });
    expect(toMailSendError(busy).isPermanent).toBe(false);
    const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" });
    expect(toMailSendError(down).isPermanent).toBe(false);
  });
});

describe("emlFileName", () => {
  it("sorts by time and avoids colons", () => {
    expect(emlFileName({ id: "abc", createdAt: new Date("2026-11-21T10:12:33.456Z") })).toBe(
      "2026-11-21T10-12-33.456Z-abc.eml",
    );
  });
});
