import type { z } from "./zod";

/**
 * The one way zod issues become the `fields` of a VALIDATION_FAILED answer: each invalid path
 * ("faqs.2.answer") → what is wrong with it: "missing", "tooLong", "tooShort", "tooMany" or
 * "invalid" (the first issue of a path wins). Pages turn the codes into sentences
 * (app/features/console/localize-field-issues.ts).
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  { root = "form" }: { root?: string } = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || root;
    fields[path] ??= describeIssue(issue);
  }
  return fields;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_big") return issue.origin === "array" ? "tooMany" : "tooLong";
  if (issue.code === "too_small") {
    return issue.origin === "string" && issue.minimum === 1 ? "missing" : "tooShort";
  }
  // Issues carry no input (zod leaves it out unless asked): the message says what came.
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return "missing";
  return "invalid";
}
