import { describe, expect, it } from "vitest";
import { reorderSaraAm, splitFontRuns } from "./split-font-runs";

describe("splitFontRuns", () => {
  it("keeps Thai, Latin and accented Latin in separate runs, spaces with their neighbours", () => {
    expect(splitFontRuns("ผู้ช่วย Support café")).toEqual([
      { subset: "thai", text: "ผู้ช่วย " },
      { subset: "latin", text: "Support café" },
    ]);
  });

  it("sends accented letters outside Latin-1 to the Latin Extended file", () => {
    expect(splitFontRuns("Łódź")).toEqual([
      { subset: "latinExt", text: "Ł" },
      { subset: "latin", text: "ód" },
      { subset: "latinExt", text: "ź" },
    ]);
  });

  it("leaves out what no file can draw (emoji, Chinese, Vietnamese letters)", () => {
    expect(splitFontRuns("🤖 Bot 你好")).toEqual([{ subset: "latin", text: " Bot " }]);
    expect(splitFontRuns("ễ")).toEqual([]);
  });

  it("gives SARA AM syllables runs of their own, kept as typed", () => {
    expect(splitFontRuns("น้ำใจ คำ")).toEqual([
      { subset: "thaiSaraAm", text: "น้ำ" },
      { subset: "thai", text: "ใจ " },
      { subset: "thaiSaraAm", text: "คำ" },
    ]);
  });

  it("reorders SARA AM as HarfBuzz does: NIKHAHIT before the tone mark", () => {
    expect(reorderSaraAm("น้ำ")).toBe("น\u0E4D\u0E49\u0E32");
    expect(reorderSaraAm("คำ")).toBe("ค\u0E4D\u0E32");
    expect(reorderSaraAm("ต่ำ")).toBe("ต\u0E4D\u0E48\u0E32");
  });
});
