import { fieldErrors } from "@jai/contracts/field-errors";
import type { z } from "@jai/contracts/zod";
import { AppError } from "../../http/errors";

/**
 * `schema.parse(value)`, or AppError VALIDATION_FAILED with `fields` (see
 * @jai/contracts/field-errors): each invalid path ("faqs.2.answer") → what is wrong with it.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError("VALIDATION_FAILED", { fields: fieldErrors(parsed.error.issues) });
}
