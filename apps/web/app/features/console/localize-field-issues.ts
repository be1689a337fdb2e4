import type { ConsoleMessages } from "./messages";

/**
 * The API names what is wrong with each field by a code ("missing", "tooLong"...): in words.
 * An unknown code reads as "not valid"; anything else (already a sentence) is kept.
 */
export function localizeFieldIssues(
  fields: Record<string, string> | undefined,
  m: ConsoleMessages,
): Record<string, string> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([name, issue]) => [
      name,
      issue in m.fieldIssues
        ? m.fieldIssues[issue as keyof ConsoleMessages["fieldIssues"]]
        : /^[a-zA-Z_]+$/.test(issue)
          ? m.fieldIssues.invalid
          : issue,
    ]),
  );
}
