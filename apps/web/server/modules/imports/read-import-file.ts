import { Readable } from "node:stream";
import { analyticsLimits } from "@jai/contracts/analytics";
import { AppError } from "../../http/errors";
import { decodeTextFile } from "../../services/console/knowledge/decode-text-file";
import { IngestionError } from "../../services/console/knowledge/ingestion-error";
import { parseCsv } from "../../services/console/knowledge/parse-csv";
import { unpackDocx } from "../../services/console/knowledge/unpack-docx";
import { writeZip, zipSignatures } from "../../services/console/knowledge/write-zip";
import type { TableRow } from "./import-rows";

export type ImportFile = { name: string; bytes: Uint8Array };

/**
 * What an XLSX may unpack to, all its XML together, and how much better than its XML a part may
 * pack: a 5 MB workbook of text unpacks to some 20–40 MB; a zip bomb goes far beyond either.
 */
export const importUnpackLimits = {
  maxUnpackedBytes: 40 * 1024 * 1024,
  maxCompressionRatio: 200,
};
/** Columns read from each row (A to Z): the question, answer and language are among them. */
const maxColumns = 26;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0];

/**
 * The rows of an uploaded CSV or XLSX (its first sheet), told apart by their bytes, not their
 * name: at most `maxRows` non-blank rows are read (the rest of the file is never parsed).
 * Refused: more than `analyticsLimits.importBytes` (PAYLOAD_TOO_LARGE), anything that is neither
 * (UNSUPPORTED_MEDIA_TYPE, `fields.file`: `xls` for the old Excel format, else `type`), a
 * broken or oversized workbook (VALIDATION_FAILED `file`: `corrupt`, `tooLarge`).
 */
export async function readImportFile(file: ImportFile, maxRows: number): Promise<TableRow[]> {
  const { bytes } = file;
  if (bytes.length > analyticsLimits.importBytes) throw new AppError("PAYLOAD_TOO_LARGE");
  if (bytes.length === 0) {
    throw new AppError("VALIDATION_FAILED", { fields: { file: "empty" } });
  }
  if (startsWith(bytes, zipMagic)) return readXlsx(bytes, maxRows);
  if (startsWith(bytes, oleMagic)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message: "an old Excel (.xls) file: save it as .xlsx or .csv",
      fields: { file: "xls" },
    });
  }
  const text = decodeTextFile(bytes);
  if (text === null) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message: "not a CSV or XLSX file",
      fields: { file: "type" },
    });
  }
  const rows: TableRow[] = [];
  for (const [index, cells] of parseCsv(text).entries()) {
    if (!cells.some((cell) => cell.trim() !== "")) continue;
    rows.push({ row: index + 1, cells: cells.slice(0, maxColumns) });
    if (rows.length >= maxRows) break;
  }
  return rows;
}

/**
 * An XLSX's first sheet, read with exceljs's streaming reader from a copy of the workbook made
 * safe first: the ZIP's directory is read and every XML part's declared size and packing ratio
 * checked before anything is inflated (a zip bomb stops there), each part inflated no further
 * than it declared, then stored in the order the streaming reader wants (the shared strings
 * before the sheets, so it never spills a sheet to a temporary file). Rows stop at `maxRows`.
 */
async function readXlsx(bytes: Uint8Array, maxRows: number): Promise<TableRow[]> {
  let parts: { name: string; data: Uint8Array }[];
  try {
    parts = readStoredZip(unpackDocx(bytes, importUnpackLimits));
  } catch (error) {
    if (error instanceof IngestionError) {
      throw new AppError("VALIDATION_FAILED", {
        message: "the workbook could not be read",
        fields: { file: error.code === "too_large_unpacked" ? "tooLarge" : "corrupt" },
      });
    }
    throw error;
  }
  const rank = (name: string) =>
    name === "_rels/.rels"
      ? 0
      : name === "xl/workbook.xml"
        ? 1
        : name === "xl/_rels/workbook.xml.rels"
          ? 2
          : name === "xl/sharedStrings.xml"
            ? 3
            : 4;
  const sheetNumber = (name: string) => Number(/sheet(\d+)\.xml$/.exec(name)?.[1] ?? 0);
  const wanted = parts
    .filter((part) => rank(part.name) < 4 || /^xl\/worksheets\/sheet\d+\.xml$/.test(part.name))
    .sort((a, b) => rank(a.name) - rank(b.name) || sheetNumber(a.name) - sheetNumber(b.name));
  if (!wanted.some((part) => part.name === "xl/workbook.xml")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message: "not a CSV or XLSX file",
      fields: { file: "type" },
    });
  }
  // Loaded on the first import, not with the server: the library takes a third of a second.
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from([Buffer.from(writeZip(wanted))]),
    {
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "ignore",
      worksheets: "emit",
      entries: "ignore",
    },
  );
  const rows: TableRow[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells: string[] = [];
        const values = Array.isArray(row.values) ? row.values : [];
        for (let column = 1; column <= maxColumns; column += 1) {
          cells.push(cellText(values[column]));
        }
        if (!cells.some((cell) => cell.trim() !== "")) continue;
        rows.push({ row: row.number, cells });
        if (rows.length >= maxRows) break;
      }
      // The first sheet only.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("VALIDATION_FAILED", {
      message: "the workbook could not be read",
      fields: { file: "corrupt" },
      cause: error,
    });
  }
  return rows;
}

/** A cell's value as text: numbers as written, rich text joined, a formula's last result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const object = value as {
      richText?: { text?: unknown }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(object.richText)) {
      return object.richText.map((run) => (typeof run.text === "string" ? run.text : "")).join("");
    }
    if (object.text !== undefined) return cellText(object.text);
    if (object.result !== undefined) return cellText(object.result);
  }
  return "";
}

/** The parts of a ZIP whose entries are all stored (what unpackDocx writes), in order. */
function readStoredZip(zip: Uint8Array): { name: string; data: Uint8Array }[] {
  const buffer = Buffer.from(zip.buffer, zip.byteOffset, zip.length);
  const parts: { name: string; data: Uint8Array }[] = [];
  let at = 0;
  while (at + 30 <= buffer.length && buffer.readUInt32LE(at) === zipSignatures.local) {
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const extraLength = buffer.readUInt16LE(at + 28);
    const start = at + 30 + nameLength + extraLength;
    parts.push({
      name: buffer.toString("utf8", at + 30, at + 30 + nameLength),
      data: buffer.subarray(start, start + size),
    });
    at = start + size;
  }
  return parts;
}
