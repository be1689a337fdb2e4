import { describe, expect, it } from "vitest";
import { splitIntoBlocks } from "./split-into-blocks";

describe("splitIntoBlocks", () => {
  it("keeps a short text whole and drops blank input", () => {
    expect(splitIntoBlocks("One paragraph.\n\nTwo.")).toEqual(["One paragraph.\n\nTwo."]);
    expect(splitIntoBlocks("  \n ")).toEqual([]);
  });

  it("cuts at paragraphs, else lines, else spaces, losing nothing", () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} `.repeat(5).trim());
    const text = paragraphs.join("\n\n");
    const blocks = splitIntoBlocks(text, 200);
    expect(blocks.join("")).toBe(text);
    expect(blocks.every((block) => block.length <= 200)).toBe(true);
    expect(blocks.slice(0, -1).every((block) => block.endsWith("\n\n"))).toBe(true);

    const lines = Array.from({ length: 30 }, (_, i) => `ร้านเปิดทุกวัน บรรทัดที่ ${i}`).join("\n");
    const lineBlocks = splitIntoBlocks(lines, 100);
    expect(lineBlocks.join("")).toBe(lines);
    expect(lineBlocks.slice(0, -1).every((block) => block.endsWith("\n"))).toBe(true);

    const words = "word ".repeat(100);
    expect(splitIntoBlocks(words, 64).every((block) => block.endsWith(" "))).toBe(true);
    expect(splitIntoBlocks("x".repeat(150), 64).map((block) => block.length)).toEqual([64, 64, 22]);
  });
});
