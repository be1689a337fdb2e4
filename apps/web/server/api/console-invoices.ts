import { withholdingCertificateLimits } from "@jai/contracts/billing";
import type { Locale } from "@jai/contracts/locale";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import { AppError, errorMessage, errorStatus, toErrorBody } from "../http/errors";
import { requestLocale } from "../http/request-locale";
import { methodNotAllowed } from "../http/responses";
import {
  deleteWithholdingCertificate,
  getOwnedInvoice,
  getWithholdingCertificate,
  listInvoices,
  putWithholdingCertificate,
  renderInvoiceDocument,
} from "../modules/billing/invoice-documents";
import type { AppServices } from "../services/app-services";

/** Messages for a refused certificate upload, saying what to do about the file. */
const certificateMessages: Record<Locale, Record<string, string>> = {
  en: {
    tooLarge: "The certificate is larger than 5 MB. Upload a smaller PDF, PNG or JPEG file.",
    unsupportedType: "The certificate must be a PDF, PNG or JPEG file.",
    required: "Choose the certificate's file to upload.",
    creditNote: "Withholding tax certificates belong to invoices, not credit notes.",
  },
  th: {
    tooLarge: "หนังสือรับรองมีขนาดเกิน 5 MB กรุณาอัปโหลดไฟล์ PDF, PNG หรือ JPEG ที่เล็กกว่านี้",
    unsupportedType: "หนังสือรับรองต้องเป็นไฟล์ PDF, PNG หรือ JPEG",
    required: "กรุณาเลือกไฟล์หนังสือรับรองที่จะอัปโหลด",
    creditNote: "หนังสือรับรองการหักภาษี ณ ที่จ่ายแนบได้กับใบกำกับภาษีเท่านั้น ไม่ใช่ใบลดหนี้",
  },
};

function fileError(c: Context<AppEnv>, error: AppError): Response {
  const locale = requestLocale(c.req.raw);
  const key = error.fields?.file ?? error.fields?.invoiceId;
  const message = (key && certificateMessages[locale][key]) || errorMessage(error.code, locale);
  return c.json(toErrorBody(error.code, message, error.fields), errorStatus[error.code]);
}

/** `attachment; filename="…"; filename*=UTF-8''…` (an ASCII fallback and the real name). */
function attachmentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * `/api/console/billing/invoices*` (the workspace's owner and admins; agents 403; mounted in
 * the console API, so signed-in, same-origin writes and no caching as all of it):
 * - `GET /`: the workspace's invoices and credit notes (InvoiceDto[]), newest first;
 * - `GET /:id/pdf?lang=th|en`: a numbered document's PDF (Thai by default: the legal one);
 *   404 while it has no number (an open invoice);
 * - `PUT /:id/withholding-certificate`: the raw file as the body (PDF, PNG or JPEG by its
 *   bytes, ≤ 5 MB; 413 / 415 with a message saying what to do), its name in `X-File-Name`
 *   (URI-encoded); answers { invoiceId, fileName, contentType, size, uploadedAt };
 * - `GET /:id/withholding-certificate`: the file; `DELETE`: removes it (204).
 * Another workspace's invoice answers 404, like one that does not exist.
 */
export function createConsoleInvoicesApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  const db = services.database.db;
  const workspaceOf = async (c: Context<AppEnv>) =>
    (await services.accounts.requireMember(c, "admin")).workspaceId;

  api.get("/", async (c) => c.json(await listInvoices(db, await workspaceOf(c))));

  api.get("/:id/pdf", async (c) => {
    const ownerId = await workspaceOf(c);
    const invoice = await getOwnedInvoice(db, ownerId, c.req.param("id"));
    if (!invoice.number) throw new AppError("NOT_FOUND", { message: "not numbered yet" });
    const locale = c.req.query("lang") === "en" ? "en" : "th";
    const { fileName, bytes } = await renderInvoiceDocument(db, invoice, locale);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(fileName, c.req.query("inline") === "1"),
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
  });

  const certificate = "/:id/withholding-certificate";
  api.put(
    certificate,
    bodyLimit({
      maxSize: withholdingCertificateLimits.maxBytes,
      onError: (c) =>
        fileError(
          c,
          new AppError("PAYLOAD_TOO_LARGE", {
            message: "the certificate is larger than 5 MB",
            fields: { file: "tooLarge" },
          }),
        ),
    }),
    async (c) => {
      const ownerId = await workspaceOf(c);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      let fileName: string | null = null;
      try {
        fileName = decodeURIComponent(c.req.header("x-file-name") ?? "");
      } catch {
        fileName = null;
      }
      try {
        const stored = await putWithholdingCertificate(db, {
          ownerId,
          invoiceId: c.req.param("id"),
          contentType: c.req.header("content-type") ?? null,
          bytes,
          fileName,
        });
        return c.json(stored, 201);
      } catch (error) {
        if (error instanceof AppError && (error.fields?.file || error.fields?.invoiceId)) {
          return fileError(c, error);
        }
        throw error;
      }
    },
  );

  api.get(certificate, async (c) => {
    const ownerId = await workspaceOf(c);
    const file = await getWithholdingCertificate(db, { ownerId, invoiceId: c.req.param("id") });
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": attachmentDisposition(file.fileName),
      "Content-Length": String(file.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    });
  });

  api.delete(certificate, async (c) => {
    const ownerId = await workspaceOf(c);
    await deleteWithholdingCertificate(db, { ownerId, invoiceId: c.req.param("id") });
    return c.body(null, 204);
  });

  api.all("/", methodNotAllowed("GET"));
  api.all("/:id/pdf", methodNotAllowed("GET"));
  api.all(certificate, methodNotAllowed("GET, PUT, DELETE"));
  return api;
}
