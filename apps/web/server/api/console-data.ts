import { analyticsLimits } from "@jai/contracts/analytics";
import type { Locale } from "@jai/contracts/locale";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requestLocale } from "../http/request-locale";
import { createExport, exportHeaders } from "../modules/exports/create-export";
import { type ImportRequest, previewImport, runImport } from "../modules/imports/import-data";
import { runSheetSync } from "../modules/sheets/run-sheet-sync";
import {
  deleteSheetSync,
  getSheetsSettings,
  saveSheetSync,
  toSheetSyncDto,
} from "../modules/sheets/sheet-syncs";
import type { SheetsClient } from "../modules/sheets/sheets-client";
import { claimSheetSync, sheetsClientFor } from "../modules/sheets/sheets-worker";
import type { AppServices } from "../services/app-services";

/** Largest import upload: the file limit plus room for the multipart framing and fields. */
const importBodyBytes = analyticsLimits.importBytes + 64 * 1024;

/**
 * The language of an export's headers: `?lang=th|en`, else the page it was asked from (a link
 * on a `/th/…` page), else Accept-Language.
 */
export function exportLocale(request: Request, lang: string | undefined): Locale {
  if (lang === "th" || lang === "en") return lang;
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const path = new URL(referer).pathname;
      if (path === "/th" || path.startsWith("/th/")) return "th";
      if (new URL(referer).origin === new URL(request.url).origin) return "en";
    } catch {
      // not a URL: Accept-Language decides
    }
  }
  return requestLocale(request);
}

/**
 * `/api/console/data/*` (admins; same-origin writes and no caching from the console API):
 * - `GET /export/:kind?format=csv|xlsx&period=&from=&to=&botId=&channel=&lang=`: a download of
 *   conversations, messages, contacts, feedback or the daily analytics table, streamed (deep
 *   analytics plans only: 403 PLAN_LIMIT_REACHED `limit: exports` otherwise);
 * - `POST /import/preview`, `POST /import` (multipart: `file`, `botId`, `target` faqs|curated):
 *   FAQs or curated answers from a CSV or XLSX, previewed with row errors, then imported all or
 *   nothing (422 `rows: invalid` when a row has a problem);
 * - `GET /sheets`, `POST /sheets` (SaveSheetSyncSchema), `DELETE /sheets/:id`,
 *   `POST /sheets/:id/sync`: Google Sheets links (409 `sheets: notConfigured` without the
 *   server's GOOGLE_SHEETS_* settings).
 * Another workspace's bot or link answers 404, like one that does not exist.
 */
export function createConsoleDataApi(services: AppServices) {
  const api = new Hono<AppEnv>();
  const db = services.database.db;
  const adminOf = async (c: Context<AppEnv>) => services.accounts.requireMember(c, "admin");
  let client: SheetsClient | undefined;
  const sheetsConfig = () => {
    if (!services.sheets) {
      throw new AppError("CONFLICT", {
        message: "Google Sheets is not configured on this server",
        fields: { sheets: "notConfigured" },
      });
    }
    return services.sheets;
  };

  api.get("/export/:kind", async (c) => {
    const { workspaceId } = await adminOf(c);
    const query = c.req.query();
    const file = await createExport(
      db,
      workspaceId,
      {
        kind: c.req.param("kind"),
        query,
        locale: exportLocale(c.req.raw, query.lang),
      },
      { logger: services.logger },
    );
    return c.body(file.body, 200, exportHeaders(file));
  });

  api.post("/import/preview", async (c) => {
    const { workspaceId } = await adminOf(c);
    return c.json(await previewImport(db, workspaceId, await readImportForm(c)));
  });
  api.post("/import", async (c) => {
    const member = await adminOf(c);
    const request = await readImportForm(c);
    return c.json(
      await runImport(db, { workspaceId: member.workspaceId, userId: member.userId }, request),
    );
  });

  api.get("/sheets", async (c) => {
    const { workspaceId } = await adminOf(c);
    return c.json(
      await getSheetsSettings(db, workspaceId, services.sheets?.serviceAccountEmail ?? null),
    );
  });
  api.post("/sheets", jsonBody(16 * 1024), async (c) => {
    const { workspaceId } = await adminOf(c);
    sheetsConfig();
    return c.json(await saveSheetSync(db, workspaceId, await readJsonBody(c)), 201);
  });
  api.delete("/sheets/:id", async (c) => {
    const { workspaceId } = await adminOf(c);
    await deleteSheetSync(db, workspaceId, c.req.param("id"));
    return c.body(null, 204);
  });
  api.post("/sheets/:id/sync", async (c) => {
    const { workspaceId } = await adminOf(c);
    const config = sheetsConfig();
    const sync = await claimSheetSync(db, workspaceId, c.req.param("id"));
    client ??= sheetsClientFor(config);
    await runSheetSync(
      { db, client, serviceAccountEmail: config.serviceAccountEmail, retry: config.retry },
      sync,
    );
    const settings = await getSheetsSettings(db, workspaceId, config.serviceAccountEmail);
    const updated = settings.syncs.find((item) => item.id === sync.id);
    return c.json(updated ?? toSheetSyncDto(sync));
  });

  return api;
}

/** The multipart form of an import: `file`, `botId`, `target` (415 for another body, 413 past it). */
async function readImportForm(c: Context<AppEnv>): Promise<ImportRequest> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data") throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  let form: FormData | undefined;
  await bodyLimit({
    maxSize: importBodyBytes,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  })(c, async () => {
    try {
      form = await c.req.formData();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("BAD_REQUEST", { message: "body is not multipart form data" });
    }
  });
  if (!form) throw new AppError("PAYLOAD_TOO_LARGE");
  const file = form.get("file");
  if (!(file instanceof File)) {
    throw new AppError("VALIDATION_FAILED", { fields: { file: "missing" } });
  }
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    botId: field("botId"),
    target: field("target"),
    file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
  };
}
