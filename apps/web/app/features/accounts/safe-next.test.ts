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
});
