import { consoleLimits } from "@jai/contracts/console";
import { describe, expect, it } from "vitest";
import { checkKnowledgeFile } from "./check-knowledge-file";
import { localizeFieldIssues } from "./localize-field-issues";
import { consoleMessages } from "./messages";

const { en, th } = consoleMessages;

describe("checkKnowledgeFile", () => {
  it("accepts the five types within the size limit, whatever the case of the extension", () => {
    for (const name of ["a.txt", "b.MD", "c.csv", "d.Pdf", "e.docx"]) {
      expect(checkKnowledgeFile({ name, size: 10 }, en)).toBeNull();
    }
    expect(
      checkKnowledgeFile({ name: "big.pdf", size: consoleLimits.knowledgeFileBytes }, en),
    ).toBeNull();
  });

  it("refuses a missing file, another type, no extension and one byte too many", () => {
    expect(checkKnowledgeFile(undefined, en)).toBe(en.knowledge.fileMissing);
    expect(checkKnowledgeFile({ name: "photo.png", size: 10 }, th)).toBe(
      th.knowledge.fileWrongType(".txt, .md, .csv, .pdf, .docx"),
    );
    expect(checkKnowledgeFile({ name: "README", size: 10 }, en)).toContain(".docx");
    expect(checkKnowledgeFile({ name: "notes.doc", size: 10 }, en)).toContain(".docx");
    expect(
      checkKnowledgeFile({ name: "big.pdf", size: consoleLimits.knowledgeFileBytes + 1 }, en),
    ).toBe(en.knowledge.fileTooLarge(10));
  });
});

describe("localizeFieldIssues", () => {
  it("puts the API's issue codes in the page's language", () => {
    expect(localizeFieldIssues({ name: "missing", "faqs.0.answer": "tooLong" }, th)).toEqual({
      name: th.fieldIssues.missing,
      "faqs.0.answer": th.fieldIssues.tooLong,
    });
  });

  it("reads an unknown code as invalid, keeps sentences, and passes no fields through", () => {
    expect(localizeFieldIssues({ model: "weird_code" }, en)).toEqual({
      model: en.fieldIssues.invalid,
    });
    expect(localizeFieldIssues({ file: "The file is empty." }, en)).toEqual({
      file: "The file is empty.",
    });
    expect(localizeFieldIssues(undefined, en)).toBeUndefined();
  });
});
