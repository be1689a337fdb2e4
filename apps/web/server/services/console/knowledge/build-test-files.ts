import { createRequire } from "node:module";
import { constants, crc32, deflateRawSync } from "node:zlib";
import JSZip from "jszip";
import PDFDocument from "pdfkit";
import { writeZip, type ZipPart } from "./write-zip";

/**
 * Real files for tests and the bench, built in memory: a PDF (pdfkit, with a Thai font for Thai
 * lines), a DOCX (the three parts Word needs, zipped) and windows-874 text; and hostile ones,
 * small on disk and built in milliseconds: a DOCX zip bomb, a PDF of thousands of empty pages.
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
  zip.file("[Content_Types].xml", contentTypesXml);
  zip.file("_rels/.rels", relsXml);
  zip.file(
    "word/document.xml",
    `${documentHead}${paragraphs.map(paragraphXml).join("")}${documentTail}`,
  );
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

const contentTypesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="png" ContentType="image/png"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;
const relsXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;
const documentHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`;
const documentTail = "</w:body></w:document>";
const paragraphXml = (text: string) =>
  `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;

/**
 * A DOCX part of `repeats` copies of `block` between `head` and `tail`, deflated without ever
 * holding it whole: each piece is deflated once with a full flush (byte-aligned, no back
 * references across it), so the packed block can be repeated as it is. 400 MB of XML packs to
 * about a megabyte, as a real zip bomb does.
 */
function bombPart(
  name: string,
  { head, block, repeats, tail }: { head: string; block: string; repeats: number; tail: string },
): ZipPart & { size: number } {
  const flushed = (text: string) =>
    deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const packedBlock = flushed(block);
  const blockBytes = Buffer.from(block);
  let crc = crc32(head);
  for (let index = 0; index < repeats; index += 1) crc = crc32(blockBytes, crc);
  crc = crc32(tail, crc);
  const data = Buffer.concat([
    flushed(head),
    ...Array.from({ length: repeats }, () => packedBlock),
    deflateRawSync(tail),
  ]);
  const size = Buffer.byteLength(head) + blockBytes.length * repeats + Buffer.byteLength(tail);
  return { name, data, method: 8, size, crc };
}

/**
 * A DOCX whose word/document.xml is about `unpackedBytes` of valid XML (paragraphs of text): a
 * zip bomb at 400 MB, "50 MB of XML" at 50 MB. `declaredBytes` makes the ZIP lie about the
 * unpacked size (a bomb that passes a check of declared sizes only).
 */
export function buildZipBombDocx(unpackedBytes: number, declaredBytes?: number): Uint8Array {
  const block = paragraphXml("Lorem ipsum dolor sit amet. ").repeat(16_384);
  const document = bombPart("word/document.xml", {
    head: documentHead,
    block,
    repeats: Math.max(1, Math.round(unpackedBytes / block.length)),
    tail: documentTail,
  });
  if (declaredBytes !== undefined) document.size = declaredBytes;
  return writeZip([
    { name: "[Content_Types].xml", data: Buffer.from(contentTypesXml) },
    { name: "_rels/.rels", data: Buffer.from(relsXml) },
    document,
  ]);
}

/**
 * A DOCX of a few paragraphs and a picture (word/media/image1.png) that unpacks to
 * `imageBytes`: text extraction must never inflate it.
 */
export function buildDocxWithHugeImage(paragraphs: readonly string[], imageBytes: number) {
  const block = "\0".repeat(1024 * 1024);
  const image = bombPart("word/media/image1.png", {
    head: "\x89PNG\r\n\x1a\n",
    block,
    repeats: Math.round(imageBytes / block.length),
    tail: "",
  });
  return writeZip([
    { name: "[Content_Types].xml", data: Buffer.from(contentTypesXml) },
    { name: "_rels/.rels", data: Buffer.from(relsXml) },
    {
      name: "word/document.xml",
      data: Buffer.from(`${documentHead}${paragraphs.map(paragraphXml).join("")}${documentTail}`),
    },
    image,
  ]);
}

/**
 * About `bytes` of document XML that packs no better than text does (random words): big XML
 * within the ZIP limits, for the heap and time limits that stand behind them.
 */
export function randomDocumentXml(bytes: number, seed = 1): string {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state;
  };
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const parts = [documentHead];
  let size = documentHead.length;
  while (size < bytes) {
    const words = Array.from({ length: 12 }, () =>
      Array.from({ length: 3 + (next() % 7) }, () => letters[next() % 26]).join(""),
    );
    const paragraph = paragraphXml(words.join(" "));
    parts.push(paragraph);
    size += paragraph.length;
  }
  parts.push(documentTail);
  return parts.join("");
}

/** A DOCX whose document.xml is the given XML (a hostile one: deep nesting, entities …). */
export function buildDocxWithXml(xml: string): Uint8Array {
  return writeZip([
    { name: "[Content_Types].xml", data: Buffer.from(contentTypesXml) },
    { name: "_rels/.rels", data: Buffer.from(relsXml) },
    {
      name: "word/document.xml",
      data: deflateRawSync(xml),
      method: 8,
      size: Buffer.byteLength(xml),
      crc: crc32(xml),
    },
  ]);
}

/**
 * A valid PDF of `pages` empty pages, written by hand (one flat page tree): 20,000 pages are
 * under 2 MB, and a reader that reads them one by one spends minutes.
 */
export function buildEmptyPagesPdf(pages: number): Uint8Array {
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ")}] >>`,
  ];
  for (let page = 0; page < pages; page += 1) {
    objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>");
  }
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
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
