import { describe, expect, it } from "vitest";
import { checkImportRows, type TableRow } from "./import-rows";

const limits = { question: 20, answer: 30, rows: 4 };
const table = (...rows: string[][]): TableRow[] =>
  rows.map((cells, index) => ({ row: index + 1, cells }));

describe("checkImportRows", () => {
  it("reads English or Thai headers in any order, languages by code or name, skips blank rows", () => {
    const result = checkImportRows(
      table(
        ["ภาษา", "คำตอบ", "คำถาม"],
        ["th", "เปิด 9 โมงค่ะ", "  ร้านเปิดกี่โมง "],
        ["", "", ""],
        ["English", "9 am", "When do you open?"],
        ["", "Free", "Delivery?"],
      ),
      limits,
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      { row: 2, question: "ร้านเปิดกี่โมง", answer: "เปิด 9 โมงค่ะ", language: "th" },
      { row: 4, question: "When do you open?", answer: "9 am", language: "en" },
      { row: 5, question: "Delivery?", answer: "Free", language: null },
    ]);
  });

  it("takes columns A, B, C without a header row", () => {
    const result = checkImportRows(table(["Hours?", "9 to 5", "ไทย"]), limits);
    expect(result.rows).toEqual([{ row: 1, question: "Hours?", answer: "9 to 5", language: "th" }]);
  });

  it("names every problem with its row and column, in row order", () => {
    const result = checkImportRows(
      table(
        ["question", "answer", "language"],
        ["", "an answer", ""],
        ["A question that is far too long", "", "fr"],
        ["Same?", "yes", ""],
        ["  same? ", "again", ""],
        ["Five", "5", ""],
        ["Six", "6", ""],
      ),
      limits,
    );
    expect(result.errors).toEqual([
      { row: 2, column: "question", code: "missing" },
      { row: 3, column: "question", code: "too_long" },
      { row: 3, column: "answer", code: "missing" },
      { row: 3, column: "language", code: "bad_language" },
      { row: 5, column: "question", code: "duplicate" },
      { row: 6, column: null, code: "too_many" },
    ]);
  });

  it("removes control characters instead of refusing the text", () => {
    const result = checkImportRows(table(["Q\u0007?", "A\u0000nswer"]), limits);
    expect(result.rows[0]).toMatchObject({ question: "Q?", answer: "Answer" });
  });
});
