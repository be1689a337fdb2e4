import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language";
import { resolveReplyLanguage } from "./resolve-reply-language";

describe("detectLanguage", () => {
  it("tells Thai from English by script", () => {
    expect(detectLanguage("สวัสดีครับ")).toBe("th");
    expect(detectLanguage("Hello there")).toBe("en");
  });

  it("counts a Thai sentence carrying English names as Thai", () => {
    expect(detectLanguage("แพ็กเกจ Pro ราคาเท่าไหร่")).toBe("th");
    expect(detectLanguage("Enterprise plan ราคาต่อปีเท่าไหร่")).toBe("th");
  });

  it("counts an English sentence quoting one Thai word as English", () => {
    expect(detectLanguage("What does the word ใจ mean in English?")).toBe("en");
  });

  it("falls back to English without letters", () => {
    expect(detectLanguage("👍 123")).toBe("en");
  });
});

describe("resolveReplyLanguage", () => {
  it("uses the persona's language, whatever the user writes", () => {
    expect(resolveReplyLanguage("thai", "hello")).toEqual({ language: "th", isAuto: false });
    expect(resolveReplyLanguage("german", "สวัสดี")).toEqual({ language: "de", isAuto: false });
  });

  it("follows the message with auto", () => {
    expect(resolveReplyLanguage("auto", "สวัสดี")).toEqual({ language: "th", isAuto: true });
    expect(resolveReplyLanguage("auto", "hello")).toEqual({ language: "en", isAuto: true });
  });
});
