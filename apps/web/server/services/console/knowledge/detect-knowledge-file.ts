import { type KnowledgeFileExtension, knowledgeFileTypes } from "@jai/contracts/console";
import { decodeTextFile } from "./decode-text-file";

export type KnowledgeFileCheck =
  | { ok: true; extension: KnowledgeFileExtension; mimeType: string }
  | {
      ok: false;
      /** unsupportedType: not an extension we read; contentMismatch: the bytes are not one. */
      reason: "unsupportedType" | "contentMismatch";
    };

/**
 * Whether an upload is a file type the knowledge base reads, by its name's extension and then
 * by its content: a PDF starts with `%PDF-`, a DOCX is a ZIP holding `word/document.xml`, a
 * text file (.txt, .md, .csv) decodes as UTF-8 or windows-874 without binary bytes. The browser's
 * MIME type is not trusted. Cheap: the real parse happens in the background.
 */
export function detectKnowledgeFile(name: string, bytes: Uint8Array): KnowledgeFileCheck {
  const extension = extensionOf(name);
  if (!extension) return { ok: false, reason: "unsupportedType" };
  const matches =
    extension === "pdf" ? isPdf(bytes) : extension === "docx" ? isDocx(bytes) : isText(bytes);
  return matches
    ? { ok: true, extension, mimeType: knowledgeFileTypes[extension] }
    : { ok: false, reason: "contentMismatch" };
}

export function extensionOf(name: string): KnowledgeFileExtension | null {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(knowledgeFileTypes, extension)
    ? (extension as KnowledgeFileExtension)
    : null;
}

const pdfMagic = Buffer.from("%PDF-");
const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const docxPart = Buffer.from("word/document.xml");

function isPdf(bytes: Uint8Array): boolean {
  // Readers accept the header anywhere in the first kilobyte (some generators prepend junk).
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes(
    pdfMagic,
  );
}

function isDocx(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  // Entry names are stored uncompressed, in each local header and in the central directory.
  return buffer.subarray(0, 4).equals(zipMagic) && buffer.includes(docxPart);
}

function isText(bytes: Uint8Array): boolean {
  return decodeTextFile(bytes) !== null;
}
