import { consoleLimits } from "@jai/contracts/console";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { parseFaqChunk } from "../../bots/faq-chunk";
import {
  buildDocx,
  buildDocxWithHugeImage,
  buildDocxWithXml,
  buildEmptyPagesPdf,
  buildImageOnlyPdf,
  buildPdf,
  buildZipBombDocx,
  encodeWindows874,
  randomDocumentXml,
} from "./build-test-files";
import { decodeTextFile } from "./decode-text-file";
import { detectKnowledgeFile } from "./detect-knowledge-file";
import { extractKnowledge } from "./extract-knowledge";
import { IngestionError } from "./ingestion-error";
import { csvToPassages, parseCsv } from "./parse-csv";
import { stripMarkdown } from "./strip-markdown";
import { unpackDocx } from "./unpack-docx";
import { writeZip } from "./write-zip";

const utf8 = (text: string) => new TextEncoder().encode(text);
const file = (fileName: string, data: Uint8Array) => ({ kind: "file" as const, fileName, data });
const texts = async (content: Parameters<typeof extractKnowledge>[0]) =>
  (await extractKnowledge(content)).map((chunk) => chunk.text);

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IngestionError) return error.code;
    throw error;
  }
  throw new Error("expected an IngestionError");
}

describe("extractKnowledge", () => {
  it("reads a PDF's English and Thai text, page by page", async () => {
    const pdf = await buildPdf([
      ["Opening hours are 9 to 5 on weekdays."],
      ["ร้านเปิดทุกวันตั้งแต่เก้าโมงเช้า", "Delivery is free above 500 baht."],
    ]);
    const text = (await texts(file("hours.pdf", pdf))).join("\n");
    expect(text).toContain("Opening hours are 9 to 5 on weekdays.");
    expect(text).toContain("ร้านเปิดทุกวันตั้งแต่เก้าโมงเช้า");
    expect(text).toContain("Delivery is free above 500 baht.");
  });

  it("fails a PDF without text (a scan) with no_text, and a broken one with corrupt_file", async () => {
    expect(await failureOf(extractKnowledge(file("scan.pdf", await buildImageOnlyPdf())))).toBe(
      "no_text",
    );
    const pdf = await buildPdf([["Some text"]]);
    const broken = utf8(`%PDF-1.7\n${"garbage ".repeat(50)}`);
    expect(await failureOf(extractKnowledge(file("broken.pdf", broken)))).toBe("corrupt_file");
    expect(await failureOf(extractKnowledge(file("cut.pdf", pdf.slice(0, 200))))).toBe(
      "corrupt_file",
    );
  });

  it("reads a DOCX's paragraphs, Thai included", async () => {
    const docx = await buildDocx(["Returns are accepted within 30 days.", "คืนสินค้าได้ภายใน 30 วัน"]);
    const text = (await texts(file("policy.docx", docx))).join("\n");
    expect(text).toContain("Returns are accepted within 30 days.");
    expect(text).toContain("คืนสินค้าได้ภายใน 30 วัน");
    expect(await failureOf(extractKnowledge(file("x.docx", docx.slice(0, 100))))).toBe(
      "corrupt_file",
    );
    expect(await failureOf(extractKnowledge(file("empty.docx", await buildDocx([]))))).toBe(
      "no_text",
    );
  });

  it("turns a CSV into one passage per row, quotes, commas, line breaks and Thai kept", async () => {
    const csv =
      'Product,Price,Notes\r\n"Pad Thai, large",120,"Spicy\nwith ""extra"" peanuts"\r\nข้าวผัด,60,\r\n\r\n';
    expect(await texts(file("menu.csv", utf8(csv)))).toEqual([
      'Product: Pad Thai, large; Price: 120; Notes: Spicy with "extra" peanuts',
      "Product: ข้าวผัด; Price: 60",
    ]);
  });

  it("reads Markdown without its syntax", async () => {
    const markdown =
      "# Shipping\n\nWe ship **everywhere** in [Thailand](https://example.com).\n\n| Zone | Days |\n| --- | --- |\n| Bangkok | 1 |\n\n- `fast` option_name";
    const text = (await texts(file("shipping.md", utf8(markdown)))).join("\n");
    expect(text).toContain("We ship everywhere in Thailand.");
    expect(text).toContain("Bangkok; 1");
    expect(text).toContain("fast option_name");
    expect(text).not.toMatch(/[#*|`]|https:/);
  });

  it("reads a windows-874 (TIS-620) text file", async () => {
    const bytes = encodeWindows874("สวัสดีครับ ร้านเปิด 9 โมง");
    expect(await texts(file("legacy.txt", bytes))).toEqual(["สวัสดีครับ ร้านเปิด 9 โมง"]);
  });

  it("stores FAQs one pair per passage, and pasted text chunked", async () => {
    const faqs = [
      { question: "Do you deliver?\nAnywhere?", answer: "Yes, all over Thailand." },
      { question: "จัดส่งกี่วัน", answer: "1-3 วันทำการ" },
    ];
    const chunks = await texts({ kind: "faq", fileName: null, data: utf8(JSON.stringify(faqs)) });
    expect(chunks.map(parseFaqChunk)).toEqual([
      { question: "Do you deliver? Anywhere?", answer: "Yes, all over Thailand." },
      { question: "จัดส่งกี่วัน", answer: "1-3 วันทำการ" },
    ]);
    const long = Array.from({ length: 200 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const chunked = await extractKnowledge({ kind: "text", fileName: null, data: utf8(long) });
    expect(chunked.length).toBeGreaterThan(1);
    expect(chunked.map((chunk) => chunk.ordinal)).toEqual(chunked.map((_, i) => i));
    expect(chunked.every((chunk) => chunk.wordCount > 0)).toBe(true);
  });

  it("fails too much text, and text with nothing in it", async () => {
    const huge = utf8("a ".repeat(consoleLimits.knowledgeExtractedChars / 2 + 10));
    expect(await failureOf(extractKnowledge(file("huge.txt", huge)))).toBe("too_much_text");
    expect(await failureOf(extractKnowledge(file("blank.txt", utf8(" \n\n "))))).toBe("no_text");
    expect(await failureOf(extractKnowledge(file("header.csv", utf8("A,B\n,\n"))))).toBe("no_text");
  });
});

describe("extractKnowledge's limits on hostile files", { timeout: 60_000 }, () => {
  const megabyte = 1024 * 1024;

  it("refuses a DOCX zip bomb by its declared size, before inflating anything", async () => {
    // 1.4 MB whose document.xml unpacks to 400 MB: the file that took the server down.
    const bomb = buildZipBombDocx(400 * megabyte);
    expect(bomb.length).toBeLessThan(2 * megabyte);
    expect(detectKnowledgeFile("bomb.docx", bomb)).toMatchObject({ ok: true });
    expect(await failureOf(extractKnowledge(file("bomb.docx", bomb)))).toBe("too_large_unpacked");
    // 50 MB of XML (175 KB packed): past the unpacked limit too.
    const xml = buildZipBombDocx(50 * megabyte);
    expect(xml.length).toBeLessThan(300 * 1024);
    expect(await failureOf(extractKnowledge(file("xml.docx", xml)))).toBe("too_large_unpacked");
  });

  it("stops inflating a part whose ZIP lies about its size", async () => {
    const liar = buildZipBombDocx(400 * megabyte, 100 * 1024);
    expect(() => unpackDocx(liar)).toThrow(IngestionError);
    expect(await failureOf(extractKnowledge(file("liar.docx", liar)))).toBe("too_large_unpacked");
  });

  it("refuses a part packed far better than text packs, even within the size limit", async () => {
    // 8 MB of one repeated paragraph packs about 300 times; real Word XML 5 to 20 times.
    const packed = buildZipBombDocx(8 * megabyte);
    expect(8 * megabyte).toBeLessThan(consoleLimits.knowledgeUnpackedBytes);
    expect(await failureOf(extractKnowledge(file("packed.docx", packed)))).toBe(
      "too_large_unpacked",
    );
    expect(() =>
      unpackDocx(packed, { maxUnpackedBytes: 16 * megabyte, maxCompressionRatio: 1000 }),
    ).not.toThrow();
  });

  it("reads a DOCX's text without unpacking its huge picture", async () => {
    const docx = buildDocxWithHugeImage(["The warranty lasts two years."], 500 * megabyte);
    expect(docx.length).toBeLessThan(consoleLimits.knowledgeFileBytes);
    const started = performance.now();
    expect(await texts(file("photo.docx", docx))).toEqual(["The warranty lasts two years."]);
    // Inflating 500 MB takes seconds; skipping it, milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
    // Only the text parts go to mammoth.
    const parts = await JSZip.loadAsync(unpackDocx(docx));
    expect(Object.keys(parts.files).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "word/document.xml",
    ]);
  });

  it("reads big XML within the limits, and fails XML it cannot parse as corrupt", async () => {
    const xml = randomDocumentXml(1.5 * megabyte);
    const chunks = await extractKnowledge(file("big.docx", buildDocxWithXml(xml)));
    expect(chunks.length).toBeGreaterThan(100);
    // Entities declared in a DTD (a "billion laughs") are not expanded: the parser refuses them.
    const laughs = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&c;&c;&c;</w:t></w:r></w:p></w:body></w:document>`;
    expect(await failureOf(extractKnowledge(file("laughs.docx", buildDocxWithXml(laughs))))).toBe(
      "corrupt_file",
    );
  });

  it("fails broken and encrypted ZIPs with their codes", async () => {
    const docx = await buildDocx(["Text"]);
    // No end-of-directory record: cut short.
    expect(await failureOf(extractKnowledge(file("cut.docx", docx.slice(0, -30))))).toBe(
      "corrupt_file",
    );
    const encrypted = Buffer.from(
      writeZip([{ name: "word/document.xml", data: Buffer.from("<x/>") }]),
    );
    encrypted.writeUInt16LE(0x0801, 6 + encrypted.indexOf(Buffer.from([0x50, 0x4b, 1, 2])) + 2);
    expect(await failureOf(extractKnowledge(file("locked.docx", encrypted)))).toBe("unsupported");
  });

  it("refuses a PDF of 20,000 empty pages by its page count, before reading a page", async () => {
    const pdf = buildEmptyPagesPdf(20_000);
    expect(pdf.length).toBeLessThan(2.5 * megabyte);
    expect(detectKnowledgeFile("pages.pdf", pdf)).toMatchObject({ ok: true });
    const started = performance.now();
    expect(await failureOf(extractKnowledge(file("pages.pdf", pdf)))).toBe("too_many_pages");
    // Reading the pages one by one took 75 s; counting them, a fraction of a second (on a
    // shared, busy machine a few).
    expect(performance.now() - started).toBeLessThan(15_000);
    // At the limit it is read (and has no text).
    expect(
      await failureOf(
        extractKnowledge(file("blank.pdf", buildEmptyPagesPdf(consoleLimits.knowledgePdfPages))),
      ),
    ).toBe("no_text");
  });
});

describe("detectKnowledgeFile", () => {
  it("accepts the five types by extension and content", async () => {
    expect(detectKnowledgeFile("a.PDF", await buildPdf([["x"]]))).toMatchObject({
      ok: true,
      extension: "pdf",
      mimeType: "application/pdf",
    });
    expect(detectKnowledgeFile("a.docx", await buildDocx(["x"]))).toMatchObject({ ok: true });
    expect(detectKnowledgeFile("a.txt", utf8("สวัสดี"))).toMatchObject({ ok: true });
    expect(detectKnowledgeFile("a.md", utf8("# Hi"))).toMatchObject({ ok: true });
    expect(detectKnowledgeFile("a.csv", encodeWindows874("ชื่อ,ราคา"))).toMatchObject({ ok: true });
  });

  it("refuses other extensions and content that does not match", async () => {
    expect(detectKnowledgeFile("a.exe", utf8("MZ"))).toEqual({
      ok: false,
      reason: "unsupportedType",
    });
    expect(detectKnowledgeFile("noextension", utf8("text"))).toMatchObject({ ok: false });
    expect(detectKnowledgeFile("a.pdf", utf8("not a pdf"))).toEqual({
      ok: false,
      reason: "contentMismatch",
    });
    // A ZIP that is not a Word document, and a PDF renamed .docx.
    expect(detectKnowledgeFile("a.docx", new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]))).toMatchObject({
      ok: false,
    });
    expect(detectKnowledgeFile("a.docx", await buildPdf([["x"]]))).toMatchObject({ ok: false });
    expect(detectKnowledgeFile("a.txt", await buildPdf([["x"]]))).toMatchObject({ ok: false });
    expect(detectKnowledgeFile("a.txt", new Uint8Array([0x68, 0x69, 0]))).toMatchObject({
      ok: false,
    });
  });
});

describe("decodeTextFile", () => {
  it("prefers UTF-8, drops a BOM, falls back to windows-874, refuses binary", () => {
    expect(decodeTextFile(utf8("\ufeffภาษาไทย"))).toBe("ภาษาไทย");
    expect(decodeTextFile(encodeWindows874("ภาษาไทย"))).toBe("ภาษาไทย");
    expect(decodeTextFile(new Uint8Array([0x41, 0x01, 0x42]))).toBeNull();
    // 0xDB is undefined in windows-874 and invalid UTF-8.
    expect(decodeTextFile(new Uint8Array([0x41, 0xdb, 0x42]))).toBeNull();
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from("ไทย ok", "utf16le")]);
    expect(decodeTextFile(utf16)).toBe("ไทย ok");
  });
});

describe("parseCsv", () => {
  it("handles quotes, doubled quotes, CRLF, a missing last line break and an unclosed quote", () => {
    expect(parseCsv('a,"b,c"\r\n"x""y",z')).toEqual([
      ["a", "b,c"],
      ['x"y', "z"],
    ]);
    expect(parseCsv('a,"open\nstill')).toEqual([["a", "open\nstill"]]);
    expect(parseCsv("a,b\n")).toEqual([["a", "b"]]);
  });

  it("names nameless columns", () => {
    expect(csvToPassages("Name,\nSomchai,Bangkok,extra\n")).toEqual([
      "Name: Somchai; Column 2: Bangkok; Column 3: extra",
    ]);
  });
});

describe("stripMarkdown", () => {
  it("keeps words of links, images, code and quotes", () => {
    expect(
      stripMarkdown("> Quote with ![alt text](a.png)\n\n```js\nconst x = 1;\n```\n***\n1. _one_"),
    ).toBe("Quote with alt text\n\nconst x = 1;\none");
  });
});
