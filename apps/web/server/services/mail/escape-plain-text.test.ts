import { describe, expect, it } from "vitest";
import { escapeBlock, escapeLine } from "./escape-plain-text";

describe("escapeLine", () => {
  it("turns every line break and control character into one space", () => {
    expect(escapeLine("Hello\r\nBcc: victim@example.com")).toBe("Hello Bcc: victim@example.com");
    expect(escapeLine(" a\tb\u0000c\u007fd\u0085e\u2028f ")).toBe("a b c d e f");
  });

  it("removes bidirectional overrides, keeps Thai and emoji", () => {
    expect(escapeLine("invoice\u202efdp.exe")).toBe("invoice fdp.exe");
    expect(escapeLine("สวัสดีครับ 🙏")).toBe("สวัสดีครับ 🙏");
  });
});

describe("escapeBlock", () => {
  it("quotes every line so visitor text never starts one", () => {
    expect(escapeBlock("Hi\n\nContent-Type: text/html\n--boundary\nFrom me\n.")).toBe(
      "> Hi\n>\n> Content-Type: text/html\n> --boundary\n> From me\n> .",
    );
  });

  it("normalises line breaks and drops other control characters", () => {
    expect(escapeBlock("a\r\nb\rc\td\u0007\u202e  ")).toBe("> a\n> b\n> c    d");
  });
});
