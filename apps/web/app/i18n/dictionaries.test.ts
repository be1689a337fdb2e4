import { describe, expect, it } from "vitest";
import { en } from "./en";
import { th } from "./th";

// Every dictionary in the app: the common one, each feature's messages.ts ({ en, th }) and
// its other *-messages.ts files (a `{ en, th }` object exported by name).
const featureModules = import.meta.glob<Record<string, unknown>>(
  ["../features/*/messages.ts", "../features/*/*/messages.ts", "../features/*/*-messages.ts"],
  { eager: true },
);
const isBilingual = (value: unknown): value is { en: unknown; th: unknown } =>
  typeof value === "object" && value !== null && "en" in value && "th" in value;
const dictionaries: Array<[string, unknown, unknown]> = [
  ["i18n/common", en, th],
  ...Object.entries(featureModules).flatMap(([file, module]): [string, unknown, unknown][] =>
    module.en !== undefined
      ? [[file, module.en, module.th]]
      : Object.entries(module)
          .filter((entry): entry is [string, { en: unknown; th: unknown }] => isBilingual(entry[1]))
          .map(([name, value]) => [`${file}#${name}`, value.en, value.th]),
  ),
];

import { findEnglishWords } from "./latin-allowlist";

type Difference = string;

// Identifiers kept verbatim in both languages (e.g. `from: "user"`) are data, not text.
const isIdentifier = (value: string) => /^[a-z][a-zA-Z0-9-]*$/.test(value);
// The AI chatbot page shows a sample chat typed in mixed Thai and English on purpose (it is what
// the feature handles): its transcript lines are quoted customer text, not interface text.
const isQuotedTranscript = (path: string) => /\.visual\.messages\[\d+\]\.text$/.test(path);
// Developer references quote code (headers, JSON fields, a function call) inside Thai sentences.
const isDeveloperReference = (path: string) =>
  /#apiDocsMessages\.(auth|errors|paging)$|widget\.identityText$|#webhooksMessages\.verify$/.test(
    path,
  );
// Connective pieces around a link may be empty in one language (Thai word order differs).
const mayBeEmpty = (path: string) => /(before|after|prefix|suffix)$/i.test(path);

function compareShapes(path: string, english: unknown, thai: unknown, problems: Difference[]) {
  if (typeof english === "function") {
    if (typeof thai !== "function") problems.push(`${path}: Thai is not a function`);
    return;
  }
  if (typeof english === "string") {
    if (typeof thai !== "string") problems.push(`${path}: Thai is missing`);
    else if ((thai === english && isIdentifier(english)) || isQuotedTranscript(path)) return;
    else if (isDeveloperReference(path) && thai.trim() !== "") return;
    else if (thai.trim() === "" && english.trim() !== "" && !mayBeEmpty(path)) {
      problems.push(`${path}: Thai is empty`);
    } else {
      const leftover = findEnglishWords(thai);
      if (leftover.length > 0)
        problems.push(`${path}: English left in Thai text: ${leftover.join(", ")}`);
    }
    return;
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(thai)) return void problems.push(`${path}: Thai is not a list`);
    // A heading may be split into a different number of phrases per language; lists of
    // items (objects) must match one to one.
    const isPhraseList = english.every((item) => typeof item === "string");
    if (!isPhraseList && thai.length !== english.length) {
      problems.push(`${path}: ${english.length} English items, ${thai.length} Thai`);
    }
    if (isPhraseList) {
      if (thai.length === 0 && english.length > 0) problems.push(`${path}: Thai is empty`);
      for (const [index, item] of thai.entries()) {
        compareShapes(`${path}[${index}]`, "text", item, problems);
      }
      return;
    }
    for (const [index, item] of english.entries()) {
      compareShapes(`${path}[${index}]`, item, thai[index], problems);
    }
    return;
  }
  if (english && typeof english === "object") {
    if (!thai || typeof thai !== "object") return void problems.push(`${path}: Thai is missing`);
    for (const key of Object.keys(english)) {
      compareShapes(
        `${path}.${key}`,
        (english as Record<string, unknown>)[key],
        (thai as Record<string, unknown>)[key],
        problems,
      );
    }
    for (const key of Object.keys(thai)) {
      if (!(key in english)) problems.push(`${path}.${key}: only in Thai`);
    }
  }
}

describe("dictionaries", () => {
  it("finds the feature dictionaries", () => {
    expect(dictionaries.length).toBeGreaterThan(1);
  });

  for (const [name, english, thai] of dictionaries) {
    it(`${name}: Thai is complete and has no English left`, () => {
      const problems: Difference[] = [];
      compareShapes(name, english, thai, problems);
      expect(problems).toEqual([]);
    });
  }
});
