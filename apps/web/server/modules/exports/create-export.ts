import type { Locale } from "@jai/contracts/locale";
import type { Db } from "@jai/db";
import { describeError, type Logger } from "../../logger";
import { exportColumns, exportSheetNames, readExportPages } from "./export-kinds";
import { exportFileName, resolveExportScope } from "./export-scope";
import { exportContentTypes, streamCsv, streamXlsx } from "./write-export";

export type ExportResponse = {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
};

/**
 * One export of a workspace's data (conversations, messages, contacts, feedback, or the daily
 * analytics table) as CSV or XLSX, with the dashboard's filters. Everything that can be refused
 * is checked before the first byte (kind, format, filters, plan, bot); the rows are then read
 * from the database page by page as the file is sent.
 */
export async function createExport(
  db: Db,
  workspaceId: string,
  request: { kind: string; query: Record<string, string>; locale: Locale },
  { logger, maxRows }: { logger: Logger; maxRows?: number },
): Promise<ExportResponse> {
  const scope = await resolveExportScope(db, workspaceId, request, { maxRows });
  const columns = exportColumns[scope.kind];
  const table = {
    columns,
    headers: columns.map((column) => column.header[scope.locale]),
    pages: readExportPages(db, scope),
    sheetName: exportSheetNames[scope.kind][scope.locale],
    onError: (error: unknown) =>
      logger.error("export failed while sending", { kind: scope.kind, ...describeError(error) }),
  };
  return {
    fileName: exportFileName(scope),
    contentType: exportContentTypes[scope.format],
    body: scope.format === "xlsx" ? streamXlsx(table) : streamCsv(table),
  };
}

/** The response headers of a download: a file to save, never cached, never sniffed. */
export function exportHeaders(file: Pick<ExportResponse, "fileName" | "contentType">) {
  return {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
