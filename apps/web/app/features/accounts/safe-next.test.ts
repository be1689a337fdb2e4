import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps paths on this site", () => {
    expect(safeNextPath("/account")).toBe("/account");
    expect(safeNextPath("/th/persona-builder?tab=faq#top")).toBe("/th/persona-builder?tab=faq#top");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      null,
      "",
      "account",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "/\t/evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeNextPath(value)).toBeUndefined();
    }
  });

  // Each of these leaves the site once a URL parser, a browser or a decoding router is done.
  it.each([
    "/.//evil.test",
    "/./\\evil.test",
    "/..//evil.test",
    "/a/..//evil.test",
    "/%2e//evil.test",
    "/%2E%2E//evil.test",
    "/.%2e//evil.test",
    "/%2F%2Fevil.test",
    "/%2f/evil.test",
    "/%5Cevil.test",
    "/%5C%5Cevil.test",
    "/\\/evil.test",
    "/.\\evil.test",
    "/\n/evil.test",
    "/\r/evil.test",
    "/\u0000/evil.test",
    "/\u007f/evil.test",
    "///evil.test",
    "/ /evil.test".replace(" ", "\t"),
    "https:/evil.test",
    "http://jai.invalid@evil.test",
    " /account",
  ])("refuses %j", (value) => {
    expect(safeNextPath(value)).toBeUndefined();
  });

  it("keeps dot segments that stay on the site, normalised", () => {
    expect(safeNextPath("/th/./account")).toBe("/th/account");
    expect(safeNextPath("/th/../account?next=%2F%2Fx")).toBe("/account?next=%2F%2Fx");
  });
});
