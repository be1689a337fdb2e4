import type { PersonaDto } from "@jai/contracts/console";
import type { Persona } from "@jai/contracts/persona";
import type { Locale } from "~/i18n/locale";
// The bot chat's SSE reader: the same protocol (`token`…, then `done` or `error`).
import { readSseEvents } from "~/lib/read-sse-events";

/** An API answer other than success: its status, and the server's code, message and fields. */
export class PersonaApiError extends Error {
  override name = "PersonaApiError";
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const consolePersonas = "/api/console/personas";

function jsonHeaders(locale: Locale): HeadersInit {
  return {
    "Content-Type": "application/json",
    Accept: "application/json",
    "Accept-Language": locale,
  };
}

/**
 * Saves the draft to the signed-in owner's library: a new persona (`id` null) or an update of
 * theirs. Throws PersonaApiError (401 signed out, 404 not theirs, 422 invalid, 403 plan limit).
 */
export async function savePersona(
  id: string | null,
  persona: Persona,
  locale: Locale,
): Promise<PersonaDto> {
  const response = await fetch(
    id ? `${consolePersonas}/${encodeURIComponent(id)}` : consolePersonas,
    {
      method: id ? "PUT" : "POST",
      headers: jsonHeaders(locale),
      body: JSON.stringify(persona),
      credentials: "same-origin",
    },
  );
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as PersonaDto;
}

/** One of the signed-in owner's personas, for editing (`/persona-builder?persona=<id>`). */
export async function fetchPersona(
  id: string,
  locale: Locale,
  signal?: AbortSignal,
): Promise<PersonaDto> {
  const response = await fetch(`${consolePersonas}/${encodeURIComponent(id)}`, {
    headers: { Accept: "application/json", "Accept-Language": locale },
    credentials: "same-origin",
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as PersonaDto;
}

export type PreviewMessage = { role: "user" | "assistant"; content: string };

/** What `POST /api/personas/preview` reads (server/api/persona-preview.ts validates it). */
export type PersonaPreviewBody = {
  persona: Persona;
  history: PreviewMessage[];
  message: string;
};

export type PreviewEvent =
  | { event: "token"; data: { text: string } }
  /** `reason: "server_restart"`: the server stopped (a deploy) before the reply was finished. */
  | { event: "done"; data: { status: string; reason?: string } }
  | { event: "error"; data: { code: string; message: string } };

/** Streams the live preview's reply to `message` from the engine, on the unsaved draft. */
export async function* streamPersonaPreview(
  body: PersonaPreviewBody,
  locale: Locale,
  signal?: AbortSignal,
): AsyncGenerator<PreviewEvent> {
  const response = await fetch("/api/personas/preview", {
    method: "POST",
    headers: { ...jsonHeaders(locale), Accept: "text/event-stream" },
    body: JSON.stringify(body),
    credentials: "same-origin",
    signal,
  });
  if (!response.ok || !response.body) throw await toApiError(response);
  for await (const { event, data } of readSseEvents(response.body)) {
    if (event === "token" || event === "done" || event === "error") {
      yield { event, data: JSON.parse(data) } as PreviewEvent;
    }
  }
}

async function toApiError(response: Response): Promise<PersonaApiError> {
  let code: string | undefined;
  let message = `HTTP ${response.status}`;
  let fields: Record<string, string> = {};
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; fields?: Record<string, string> };
    };
    code = body.error?.code;
    if (body.error?.message) message = body.error.message;
    if (body.error?.fields) fields = body.error.fields;
  } catch {
    // Not our JSON (a proxy's error page): the status says enough.
  }
  return new PersonaApiError(response.status, code, message, fields);
}
