import { PersonaSchema } from "@jai/contracts/persona";
import { personaFileSlug } from "@jai/contracts/persona-file";
import { z } from "@jai/contracts/zod";
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { rateLimitBy } from "../http/rate-limit";
import { requireSameOrigin } from "../http/require-same-origin";
import { methodNotAllowed } from "../http/responses";
import type { AppServices } from "../services/app-services";

/** The largest persona (a full knowledge base, all in escaped Thai) fits. */
export const personaCardBodyLimitBytes = 2 * 1024 * 1024;

const PersonaCardRequestSchema = z.object({
  persona: PersonaSchema,
  locale: z.enum(["en", "th"]).default("en"),
});

/**
 * `POST /api/personas/card.pdf` (JSON `{ persona, locale }`): the persona card as a PDF
 * attachment, named after the persona. Works signed out (the builder does); same-origin only
 * (403), limited per client (429), 415 not JSON, 413 too large, 422 not a valid persona.
 */
export function createPersonaCardApi(services: AppServices, { publicUrl }: { publicUrl: string }) {
  const api = new Hono<AppEnv>();

  api.post(
    "/card.pdf",
    requireSameOrigin(publicUrl),
    jsonBody(personaCardBodyLimitBytes),
    rateLimitBy<AppEnv>(services.rateLimits.personaCard, (c) =>
      services.clientKey(c.get("clientIp")),
    ),
    async (c) => {
      const body = await readJsonBody(c);
      const parsed = PersonaCardRequestSchema.safeParse(body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          fields[issue.path.join(".") || "body"] ??= "invalid";
        }
        throw new AppError("VALIDATION_FAILED", { fields });
      }
      const { persona, locale } = parsed.data;
      c.set("locale", locale);
      const pdf = await services.personaCards.renderPdf({ persona, locale });
      const fileName = `${personaFileSlug(persona.name)}.pdf`;
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="persona.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "Content-Length": String(pdf.byteLength),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );

  api.all("/card.pdf", methodNotAllowed("POST"));

  return api;
}
