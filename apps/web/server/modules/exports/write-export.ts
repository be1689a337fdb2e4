import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { csvBom, toCsvRow } from "../../services/console/csv";
import type { ExportCell, ExportColumn } from "./export-kinds";

export type ExportTable = {
  columns: readonly ExportColumn[];
  /** The headers in the file's language, in the columns' order. */
  headers: readonly string[];
  /** The rows, page by page. */
  pages: AsyncIterable<ExportCell[][]>;
  sheetName: string;
  /** A failure after the response began (the download is cut short): for the log. */
  onError?: (error: unknown) => void;
};

export const exportContentTypes = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/**
 * A CSV file (RFC 4180, UTF-8 with a byte-order mark so Excel reads Thai as Thai, CRLF line
 * ends), produced as the reader pulls: one page of rows per pull. Cells a spreadsheet would run
 * as a formula (starting with = + - @, tab or CR) get a leading `'` (see services/console/csv.ts).
 */
export function streamCsv(table: ExportTable): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = table.pages[Symbol.asyncIterator]();
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!isHeaderSent) {
          isHeaderSent = true;
          controller.enqueue(encoder.encode(csvBom + toCsvRow(table.headers)));
          return;
        }
        let next: IteratorResult<ExportCell[][]>;
        try {
          next = await pages.next();
        } catch (error) {
          table.onError?.(error);
          throw error;
        }
        if (next.done) {
          controller.close();
          return;
        }
        const text = next.value.map((row) => toCsvRow(row.map(csvText))).join("");
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await pages.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

const csvText = (cell: ExportCell) => (cell === null ? "" : String(cell));

/**
 * An XLSX workbook of one sheet written by exceljs's streaming writer: rows are committed as
 * they are read and leave as zipped bytes, so neither the rows nor the workbook are ever whole
 * in memory. A page is read only when the reader has taken what came before (the output's
 * buffer drained), which is what keeps memory flat for a slow reader. Numbers are numbers;
 * text cells are inline strings (no shared-string table to grow); the header is bold and frozen.
 * A text starting like a formula is kept as text by the format itself: cells carry values,
 * never formulas.
 */
export function streamXlsx(table: ExportTable): ReadableStream<Uint8Array> {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  const run = async () => {
    // Loaded on the first export, not with the server: the library takes a third of a second.
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(table.sheetName, {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    sheet.columns = table.columns.map((column, index) => ({
      key: String(index),
      width: column.width,
    }));
    const header = sheet.addRow([...table.headers]);
    header.font = { bold: true };
    header.commit();
    for await (const page of table.pages) {
      if (output.destroyed) return;
      for (const row of page) sheet.addRow(row).commit();
      // The zip takes the rows at its own pace (deflating is slower than reading): wait until it
      // has taken most of them, and while the reader is behind, for the reader, before reading
      // more. Without this, rows would pile up in memory as fast as the database gives them.
      while (zipBacklog(sheet) > maxZipBacklogBytes && !output.destroyed) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      while (output.writableNeedDrain && !output.destroyed) await drainOrClose(output);
    }
    sheet.commit();
    await workbook.commit();
  };
  run().catch((error: unknown) => {
    table.onError?.(error);
    output.destroy(error as Error);
  });
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** What the sheet may have handed the zip ahead of it, in bytes of XML. */
const maxZipBacklogBytes = 512 * 1024;

/**
 * Bytes of a sheet's XML that exceljs handed the zip and the zip has not taken yet. exceljs 4.4
 * writes a sheet into the zip without waiting for it (its StreamBuf ignores backpressure), so
 * this reads the queue of the stream it writes to: internals, read defensively (0 if absent).
 */
function zipBacklog(sheet: unknown): number {
  const target = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    | { writableLength?: number; _writableState?: { length?: number } }
    | undefined;
  return target?.writableLength ?? target?._writableState?.length ?? 0;
}

/** Resolves when a stream drains or closes (its listeners removed either way). */
async function drainOrClose(stream: PassThrough): Promise<void> {
  const controller = new AbortController();
  const { signal } = controller;
  try {
    await Promise.race([once(stream, "drain", { signal }), once(stream, "close", { signal })]);
  } finally {
    controller.abort();
  }
}
