import { describe, expect, it } from "vitest";
import { botChatMessages, chatLocaleFor } from "./messages";

describe("the chat's language", () => {
  it("follows the persona, and for auto the visitor's preferred language we speak", () => {
    expect(chatLocaleFor("th", "en-US,en;q=0.9")).toBe("th");
    expect(chatLocaleFor("en", "th-TH,th;q=0.9")).toBe("en");
    expect(chatLocaleFor("auto", "th-TH,th;q=0.9,en;q=0.8")).toBe("th");
    expect(chatLocaleFor("auto", "fr-FR,fr;q=0.9,th;q=0.8,en;q=0.7")).toBe("th");
    expect(chatLocaleFor("auto", "en-GB,th;q=0.5")).toBe("en");
    expect(chatLocaleFor("auto", "de-DE")).toBe("en");
    expect(chatLocaleFor("auto", null)).toBe("en");
    expect(chatLocaleFor("auto", "en;q=0, th;q=0.3")).toBe("th");
  });

  it("has every text in Thai, and no Thai text is left in English", () => {
    const flatten = (value: unknown, path = ""): [string, string][] =>
      typeof value === "function"
        ? [[path, String((value as (...args: string[]) => string)("X", "Y"))]]
        : typeof value === "object" && value
          ? Object.entries(value).flatMap(([key, inner]) => flatten(inner, `${path}.${key}`))
          : [[path, String(value)]];
    const en = new Map(flatten(botChatMessages.en));
    const th = new Map(flatten(botChatMessages.th));
    expect([...th.keys()]).toEqual([...en.keys()]);
    for (const [key, text] of th) {
      expect(text, key).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});
