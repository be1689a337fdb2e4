import { type Persona, PersonaSchema } from "./persona";

/**
 * The persona file the builder exports and imports (`<slug>.persona.json`), documented in
 * docs/persona-file-format.md:
 *
 *     { "format": "jai.persona", "version": 1, "exportedAt": "2026-…Z", "persona": { …Persona } }
 *
 * `format` tells our file from any other JSON; `version` changes whenever the persona's shape
 * changes in a way an older reader would get wrong. A reader upgrades older versions step by
 * step (`upgrades`) and refuses newer ones rather than guessing.
 */
export const personaFileFormat = "jai.persona";
export const personaFileVersion = 1;
/**
 * A persona at every limit, all in Thai (3 bytes a character), is about 3.6 MB of JSON; a file
 * larger than this is not one of ours and is refused before it is read.
 */
export const personaFileMaxBytes = 4 * 1024 * 1024;

export type PersonaFile = {
  format: typeof personaFileFormat;
  version: typeof personaFileVersion;
  /** ISO 8601, UTC. Informational. */
  exportedAt: string;
  persona: Persona;
};

/** Why a file could not be imported; the builder words each one for the owner. */
export type PersonaFileProblem =
  | { code: "too_large"; maxBytes: number }
  | { code: "not_json" }
  | { code: "not_persona_file" }
  | { code: "newer_version"; version: number }
  | { code: "unsupported_version"; version: unknown }
  | { code: "invalid_field"; field: string; reason: "too_long" | "too_many" | "invalid" }
  /** The avatar is neither an emoji nor our own stored image (a link elsewhere, say). */
  | { code: "invalid_avatar" };

export type PersonaFileResult =
  | { ok: true; persona: Persona; version: number }
  | { ok: false; problem: PersonaFileProblem };

/**
 * Steps that turn version n's persona into version n + 1's. Empty while version 1 is the only
 * one; the next version adds `1: (persona) => …` and bumps `personaFileVersion`.
 */
const upgrades: Partial<Record<number, (persona: unknown) => unknown>> = {};

export function createPersonaFile(persona: Persona, exportedAt = new Date()): PersonaFile {
  return {
    format: personaFileFormat,
    version: personaFileVersion,
    exportedAt: exportedAt.toISOString(),
    persona,
  };
}

/** The file's text: indented, so it reads and diffs well. */
export function serializePersonaFile(file: PersonaFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads a persona file's text (already checked against `personaFileMaxBytes` by the caller). */
export function parsePersonaFile(text: string): PersonaFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: { code: "not_json" } };
  }
  if (!isRecord(data) || data.format !== personaFileFormat || !isRecord(data.persona)) {
    return { ok: false, problem: { code: "not_persona_file" } };
  }
  const { version } = data;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    return { ok: false, problem: { code: "unsupported_version", version } };
  }
  if (version > personaFileVersion) {
    return { ok: false, problem: { code: "newer_version", version } };
  }
  let persona: unknown = data.persona;
  for (let step = version; step < personaFileVersion; step++) {
    const upgrade = upgrades[step];
    if (!upgrade) return { ok: false, problem: { code: "unsupported_version", version } };
    persona = upgrade(persona);
  }
  const parsed = PersonaSchema.safeParse(persona);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path.length === 1 && issue.path[0] === "avatar" && issue.code === "custom") {
      return { ok: false, problem: { code: "invalid_avatar" } };
    }
    const field = issue?.path.map(String).join(".") || "persona";
    const isList = issue?.code === "too_big" && issue.origin === "array";
    const reason = issue?.code === "too_big" ? (isList ? "too_many" : "too_long") : "invalid";
    return { ok: false, problem: { code: "invalid_field", field, reason } };
  }
  return { ok: true, persona: parsed.data, version };
}

const slugMaxGraphemes = 60;

/**
 * The file name's stem: the persona's name in lower case with runs of anything but letters,
 * combining marks and digits turned into "-". Thai stays Thai (its vowels and tone marks are
 * marks, kept with their letters); a name with nothing usable gives "persona".
 */
export function personaFileSlug(name: string): string {
  const words = name
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^[-\p{M}]+|-+$/gu, "");
  // Cut between whole characters (a Thai letter with its marks), never inside one.
  const graphemes = Array.from(
    new Intl.Segmenter("th", { granularity: "grapheme" }).segment(words),
    ({ segment }) => segment,
  );
  const slug = graphemes.slice(0, slugMaxGraphemes).join("").replace(/-+$/, "");
  return slug || "persona";
}

export function personaFileName(name: string): string {
  return `${personaFileSlug(name)}.persona.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
