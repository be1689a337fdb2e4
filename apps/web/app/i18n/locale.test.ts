import { describe, expect, it } from "vitest";
import { getLocaleFromPath, localeTag, localizePath, stripLocale } from "./locale";

describe("locale paths", () => {
  it("reads the language from the path", () => {
    expect(getLocaleFromPath("/")).toBe("en");
    expect(getLocaleFromPath("/pricing")).toBe("en");
    expect(getLocaleFromPath("/th")).toBe("th");
    expect(getLocaleFromPath("/th/")).toBe("th");
    expect(getLocaleFromPath("/th/pricing")).toBe("th");
    // Only the /th segment counts, not a path that merely starts with the letters.
    expect(getLocaleFromPath("/thai-food")).toBe("en");
    expect(getLocaleFromPath("/team")).toBe("en");
  });

  it("strips the prefix and trailing slashes", () => {
    expect(stripLocale("/th")).toBe("/");
    expect(stripLocale("/th/")).toBe("/");
    expect(stripLocale("/th/features/dashboard/")).toBe("/features/dashboard");
    expect(stripLocale("/pricing/")).toBe("/pricing");
    expect(stripLocale("/")).toBe("/");
  });

  it("localizes a path both ways and round-trips", () => {
    expect(localizePath("/", "th")).toBe("/th");
    expect(localizePath("/pricing", "th")).toBe("/th/pricing");
    expect(localizePath("/th/pricing", "en")).toBe("/pricing");
    expect(localizePath("/th", "en")).toBe("/");
    expect(localizePath("/th/pricing", "th")).toBe("/th/pricing");
    for (const path of ["/", "/team", "/features/ai-chatbot"]) {
      expect(localizePath(localizePath(path, "th"), "en")).toBe(path);
    }
  });

  it("gives BCP 47 tags", () => {
    expect(localeTag("th")).toBe("th-TH");
    expect(localeTag("en")).toBe("en-US");
  });
});
