import { type AddKnowledgeInput, consoleLimits } from "@jai/contracts/console";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { requireSameOrigin } from "../http/require-same-origin";
import type { Accounts } from "../services/accounts/create-accounts";
import type { ConsoleServices } from "../services/console/console-services";

/** What the knowledge API uses of the app's services (all of `AppServices` fits). */
export type ConsoleKnowledgeApiServices = {
  accounts: Pick<Accounts, "requireMember">;
  console: Pick<ConsoleServices, "knowledge">;
};

/**
 * Largest JSON body: the largest valid submission in UTF-8, 200 FAQs of 500 + 4,000 Thai
 * characters (3 bytes each), is about 2.7 MB; pasted text tops out at 200,000 characters (0.6 MB).
 */
export const knowledgeJsonBodyLimitBytes = 3 * 1024 * 1024;
/** Largest upload: the file limit plus room for the multipart framing and headers. */
export const knowledgeUploadBodyLimitBytes = consoleLimits.knowledgeFileBytes + 64 * 1024;

/**
 * The knowledge base of one of the owner's bots, mounted at `/api/console/bots/:botId/knowledge`:
 * - `GET /`: the sources (KnowledgeSourceDto[]), newest first, with their ingestion status;
 * - `POST /` (JSON AddKnowledgeInput): pasted text or FAQs, 201 with the pending source;
 * - `POST /files` (multipart, field `file`): an upload, 201 with the pending source;
 * - `DELETE /:sourceId`: 204;
 * - `POST /search` (JSON `{ question }`): KnowledgeSearchResultDto, what a chat would retrieve.
 * Signed-in owners only (401), same-origin writes only (403), another owner's bot 404. Cheap
 * checks come before reading a body: content type (415), then size (413, never buffered past
 * the limit).
 */
export function createConsoleKnowledgeApi(
  services: ConsoleKnowledgeApiServices,
  { publicUrl }: { publicUrl: string },
) {
  const api = new Hono<AppEnv>();
  const knowledge = () => services.console.knowledge;
  const botIdOf = (c: Context<AppEnv>) => c.req.param("botId") ?? "";

  api.use("*", requireSameOrigin(publicUrl));

  api.get("/", async (c) => {
    const owner = await services.accounts.requireMember(c);
    return c.json(await knowledge().list(owner.workspaceId, botIdOf(c)));
  });

  api.post("/", async (c) => {
    const owner = await services.accounts.requireMember(c);
    const body = await readJson(c);
    // Untrusted: the service validates it with AddKnowledgeSchema (422 with fields).
    const source = await knowledge().add(owner.workspaceId, botIdOf(c), body as AddKnowledgeInput);
    return c.json(source, 201);
  });

  api.post("/files", async (c) => {
    const owner = await services.accounts.requireMember(c);
    if (mediaType(c) !== "multipart/form-data") throw new AppError("UNSUPPORTED_MEDIA_TYPE");
    const form = await withBodyLimit(c, knowledgeUploadBodyLimitBytes, async () => {
      try {
        return await c.req.formData();
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError("BAD_REQUEST", { message: "body is not multipart form data" });
      }
    });
    const file = form.get("file");
    if (!(file instanceof File)) {
      throw new AppError("VALIDATION_FAILED", { fields: { file: "missing" } });
    }
    const source = await knowledge().addFile(owner.workspaceId, botIdOf(c), {
      name: file.name,
      type: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return c.json(source, 201);
  });

  api.post("/search", async (c) => {
    const owner = await services.accounts.requireMember(c);
    const body = await readJson(c);
    const question = (body as { question?: unknown }).question;
    if (typeof question !== "string") {
      throw new AppError("VALIDATION_FAILED", { fields: { question: "missing" } });
    }
    return c.json(await knowledge().search(owner.workspaceId, botIdOf(c), question));
  });

  api.delete("/:sourceId", async (c) => {
    const owner = await services.accounts.requireMember(c);
    await knowledge().delete(owner.workspaceId, botIdOf(c), c.req.param("sourceId"));
    return c.body(null, 204);
  });

  return api;
}

const mediaType = (c: Context<AppEnv>) =>
  c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();

/** A JSON object body: 415 for another content type, 413 past the limit, 400 if not JSON. */
async function readJson(c: Context<AppEnv>): Promise<object> {
  if (mediaType(c) !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE");
  const body = await withBodyLimit(c, knowledgeJsonBodyLimitBytes, async () => {
    try {
      return (await c.req.json()) as unknown;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError("BAD_REQUEST", { message: "body is not JSON" });
    }
  });
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", { message: "body is not a JSON object" });
  }
  return body;
}

/**
 * Reads the body within `maxSize` bytes (hono's bodyLimit: a Content-Length beyond it is refused
 * before reading, a streamed body as soon as it grows past it): PAYLOAD_TOO_LARGE otherwise.
 * Run after the owner is known, so strangers cannot make the server read megabytes.
 */
async function withBodyLimit<T>(
  c: Context<AppEnv>,
  maxSize: number,
  read: () => Promise<T>,
): Promise<T> {
  let result: { value: T } | undefined;
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  });
  await limit(c, async () => {
    result = { value: await read() };
  });
  if (!result) throw new AppError("PAYLOAD_TOO_LARGE");
  return result.value;
}
