import { describe, expect, it } from "vitest";
import { en, th } from "./messages";
import { createEmptyPersona } from "./persona-draft";
import { checkPersona, fieldLabel } from "./persona-labels";

describe("checkPersona", () => {
  it("sends a problem with the synonyms to the Knowledge tab, where the field words it by line", () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `w${index}`);
    const persona = { ...createEmptyPersona(), synonyms: [["latte", "ลาเต้"], eleven] };
    expect(checkPersona(persona, en)).toEqual({
      tab: "knowledge",
      message: "Check “Synonyms”: it is not valid.",
    });
    const long = { ...createEmptyPersona(), synonyms: [["latte", "x".repeat(61)]] };
    expect(checkPersona(long, th)).toEqual({
      tab: "knowledge",
      message: "โปรดตรวจสอบ “คำพ้องความหมาย” ข้อมูลไม่ถูกต้อง",
    });
    // A one-word line is dropped, not a problem.
    expect(checkPersona({ ...createEmptyPersona(), synonyms: [["latte"]] }, en)).toBeNull();
  });

  it("names the synonyms whatever the path a server's 422 gives", () => {
    expect(fieldLabel("synonyms", en)).toBe("Synonyms");
    expect(fieldLabel("synonyms.3.1", th)).toBe("คำพ้องความหมาย");
  });
});
