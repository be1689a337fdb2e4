import { describe, expect, it } from "vitest";
import { AccountNameSchema } from "./accounts";
import { AddKnowledgeTextSchema, CreateApiKeySchema } from "./console";
import { ContactMessageSchema } from "./contact";
import { PersonaSchema } from "./persona";
import { cleanText, isSafeText, safeText, stripUnsafeText } from "./text";

const unsafe = [
  "hi\u0000there",
  "\u0001",
  "bell\u0007",
  "escape\u001b[31m",
  "form\u000cfeed",
  "\u001f",
  "\uD800",
  "lone \uDC00 low",
  "end\uD83D",
];
const safe = ["", "tab\tline\nreturn\r\n", "ไทย", "😀 👩‍💼", "\u007f\u0085", "\uFEFF"];

describe("the text rule", () => {
  it("tells control characters and lone surrogates from text", () => {
    for (const value of unsafe) expect(isSafeText(value), JSON.stringify(value)).toBe(false);
    for (const value of safe) expect(isSafeText(value), JSON.stringify(value)).toBe(true);
  });

  it("strips controls and replaces lone surrogates with U+FFFD", () => {
    expect(stripUnsafeText("hi\u0000the\u0007re\t!")).toBe("hithere\t!");
    expect(stripUnsafeText("a\uD800b\uDC00c😀")).toBe("a\uFFFDb\uFFFDc😀");
    for (const value of safe) expect(stripUnsafeText(value)).toBe(value);
  });

  it("refuses in safeText (issue invalidText), strips in cleanText", () => {
    const refused = safeText().trim().safeParse(" a\u0000 ");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("invalidText");
    expect(safeText().trim().parse(" ok ")).toBe("ok");
    expect(cleanText().trim().parse(" a\u0000b ")).toBe("ab");
  });

  it("applies to the contracts' schemas", () => {
    expect(AccountNameSchema.safeParse("Som\u0000chai").error?.issues[0]?.message).toBe(
      "invalidText",
    );
    expect(CreateApiKeySchema.safeParse({ name: "key\uD800" }).success).toBe(false);
    const contact = ContactMessageSchema.safeParse({
      name: "Somchai\u0000",
      email: "a@example.com",
      reason: "sales",
      subject: "Hi",
      message: "Pasted\u000c text",
    });
    expect(contact.error?.issues.map((issue) => issue.path[0])).toEqual(["name"]);
    // Prose is cleaned, not refused.
    expect(
      AddKnowledgeTextSchema.parse({ kind: "text", title: "Hours", text: "9\u0000 to 5" }).text,
    ).toBe("9 to 5");
    expect(PersonaSchema.parse({ bio: "a\u0000b", faqs: [{ question: "q\u0007" }] })).toMatchObject(
      { bio: "ab", faqs: [{ question: "q", answer: "" }] },
    );
  });
});
