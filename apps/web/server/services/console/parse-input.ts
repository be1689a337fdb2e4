import type { z } from "@jai/contracts/zod";
import { AppError } from "../../http/errors";

/**
 * `schema.parse(value)`, or AppError VALIDATION_FAILED with `fields`: each invalid path
 * ("faqs.2.answer") → what is wrong with it ("missing", "tooLong", "tooMany", "invalid").
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    fields[path] ??= describeIssue(issue);
  }
  throw new AppError("VALIDATION_FAILED", { fields });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_big") return issue.origin === "array" ? "tooMany" : "tooLong";
  if (issue.code === "too_small") {
    return issue.origin === "string" && issue.minimum === 1 ? "missing" : "tooShort";
  }
  if (issue.code === "invalid_type" && issue.input === undefined) return "missing";
  return "invalid";
}
