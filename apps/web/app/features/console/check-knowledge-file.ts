import { consoleLimits, knowledgeFileTypes } from "@jai/contracts/console";
import type { ConsoleMessages } from "./messages";

export const fileExtensions = Object.keys(knowledgeFileTypes).map((extension) => `.${extension}`);
export const fileTypesText = fileExtensions.join(", ");
export const maxFileMegabytes = consoleLimits.knowledgeFileBytes / (1024 * 1024);

/**
 * What is wrong with a file before it is uploaded (no file, a type we do not read, too large),
 * or null. The server checks again, by content too.
 */
export function checkKnowledgeFile(
  file: { name: string; size: number } | undefined,
  m: ConsoleMessages,
): string | null {
  if (!file) return m.knowledge.fileMissing;
  const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
  if (!fileExtensions.includes(extension)) return m.knowledge.fileWrongType(fileTypesText);
  if (file.size > consoleLimits.knowledgeFileBytes) {
    return m.knowledge.fileTooLarge(maxFileMegabytes);
  }
  return null;
}
