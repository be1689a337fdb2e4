import type { Persona } from "@jai/contracts/persona";
import { personaFileSlug } from "@jai/contracts/persona-file";
import type { Locale } from "~/i18n/locale";
import { downloadBlob } from "~/lib/download-blob";
import { cardExportMessages } from "./messages";

export { PersonaCard } from "./persona-card";

/** Error thrown by the exports: its message is localized, ready to show. */
export class CardExportError extends Error {
  override name = "CardExportError";
}

/**
 * Downloads the persona card as `<slug>.png`, drawn in the browser (the drawing code loads on
 * first use, so it does not weigh on the builder's first load).
 */
export async function exportPersonaPng(persona: Persona, locale: Locale): Promise<void> {
  let blob: Blob;
  try {
    const { renderCardPng } = await import("./render-card-png");
    blob = await renderCardPng(persona, locale);
  } catch (error) {
    throw new CardExportError(cardExportMessages[locale].errors.png, { cause: error });
  }
  downloadBlob(blob, `${personaFileSlug(persona.name)}.png`);
}

/**
 * Downloads the persona card as `<slug>.pdf`, made by the server (POST /api/personas/card.pdf)
 * with the Thai font embedded, so its text can be searched and copied.
 */
export async function exportPersonaPdf(persona: Persona, locale: Locale): Promise<void> {
  const errors = cardExportMessages[locale].errors;
  let response: Response;
  try {
    response = await fetch("/api/personas/card.pdf", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": locale },
      body: JSON.stringify({ persona, locale }),
    });
  } catch (error) {
    throw new CardExportError(errors.pdf, { cause: error });
  }
  if (!response.ok) {
    // The server's message (e.g. too many requests) is already in the page's language.
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: unknown };
    } | null;
    const message = body?.error?.message;
    throw new CardExportError(typeof message === "string" ? message : errors.pdf);
  }
  const blob = await response.blob();
  if (blob.type !== "application/pdf") throw new CardExportError(errors.pdf);
  downloadBlob(blob, `${personaFileSlug(persona.name)}.pdf`);
}
