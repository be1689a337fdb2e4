import { createRequire } from "node:module";
import JSZip from "jszip";
import PDFDocument from "pdfkit";

/**
 * Real files for tests and the bench, built in memory: a PDF (pdfkit, with a Thai font for Thai
 * lines), a DOCX (the three parts Word needs, zipped) and windows-874 text.
 */

const require = createRequire(import.meta.url);
const thaiFont = require.resolve(
  "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-thai-400-normal.woff",
);

/** A PDF with one page per entry; a line with Thai letters is set in IBM Plex Sans Thai. */
export async function buildPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const document = new PDFDocument({ autoFirstPage: false });
  const parts: Buffer[] = [];
  document.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve) => document.on("end", resolve));
  for (const lines of pages) {
    document.addPage();
    for (const line of lines) {
      document.font(/[\u0e00-\u0e7f]/.test(line) ? thaiFont : "Helvetica").text(line);
    }
  }
  document.end();
  await ended;
  return new Uint8Array(Buffer.concat(parts));
}

/** A PDF whose only page is a drawing: what a scan looks like to a text extractor. */
export async function buildImageOnlyPdf(): Promise<Uint8Array> {
  const document = new PDFDocument();
  const parts: Buffer[] = [];
  document.on("data", (part: Buffer) => parts.push(part));
  const ended = new Promise<void>((resolve) => document.on("end", resolve));
  document.rect(50, 50, 200, 100).fill("#333333");
  document.end();
  await ended;
  return new Uint8Array(Buffer.concat(parts));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A minimal valid .docx with one paragraph per entry. */
export async function buildDocx(paragraphs: readonly string[]): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
  );
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`)
    .join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

/** Thai text as windows-874 (TIS-620) bytes: Thai letters are U+0E01–U+0E5B at 0xA1–0xFB. */
export function encodeWindows874(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x0e01 && code <= 0x0e5b) bytes.push(code - 0x0e00 + 0xa0);
    else throw new Error(`not in windows-874: ${char}`);
  }
  return new Uint8Array(bytes);
}
