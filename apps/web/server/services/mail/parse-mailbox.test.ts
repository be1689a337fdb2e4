import { describe, expect, it } from "vitest";
import { parseMailbox } from "./parse-mailbox";

describe("parseMailbox", () => {
  it.each([
    ["no-reply@jai.chat", { name: "", address: "no-reply@jai.chat" }],
    ["Jai <no-reply@jai.chat>", { name: "Jai", address: "no-reply@jai.chat" }],
    ['"Jai Team" <team@jai.chat>', { name: "Jai Team", address: "team@jai.chat" }],
    ["ใจ <hello@jai.chat>", { name: "ใจ", address: "hello@jai.chat" }],
  ])("%j", (value, expected) => {
    expect(parseMailbox(value)).toEqual(expected);
  });

  it.each([
    "",
    "Jai",
    "a@jai.chat, b@jai.chat",
    "Jai <a@jai.chat>, b@jai.chat",
    "Jai <a@jai.chat",
    "Jai\r\nBcc: x@y.com <a@jai.chat>",
    '"a@b"@jai.chat',
    "undisclosed-recipients:;",
  ])("rejects %j", (value) => {
    expect(parseMailbox(value)).toBeUndefined();
  });
});
