import { describe, expect, it } from "vitest";
import { csvBom, toCsvCell, toCsvRow } from "./csv";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(toCsvCell("plain")).toBe("plain");
    expect(toCsvCell("a,b")).toBe('"a,b"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell("two\nlines")).toBe('"two\nlines"');
    expect(toCsvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("neutralizes spreadsheet formulas with a leading quote", () => {
    expect(toCsvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(toCsvCell("+1")).toBe("'+1");
    expect(toCsvCell("-2")).toBe("'-2");
    expect(toCsvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(toCsvCell("\tx")).toBe("'\tx");
    expect(toCsvCell("\rx")).toBe('"\'\rx"');
    expect(toCsvCell("a=b")).toBe("a=b");
  });

  it("keeps Thai as it is, rows end with CRLF, and the BOM is U+FEFF", () => {
    expect(toCsvRow(["สวัสดีครับ", "ราคา, เท่าไหร่"])).toBe('สวัสดีครับ,"ราคา, เท่าไหร่"\r\n');
    expect(new TextEncoder().encode(csvBom)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
