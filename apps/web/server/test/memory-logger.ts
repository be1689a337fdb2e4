import type { Logger } from "../logger";

export type LogLine = { level: keyof Logger; message: string; fields?: Record<string, unknown> };

/** A logger that keeps its lines, so tests can read them (and nothing reaches the console). */
export function createMemoryLogger(): { logger: Logger; lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  const write = (level: keyof Logger) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, fields });
  };
  return {
    logger: {
      debug: write("debug"),
      info: write("info"),
      warn: write("warn"),
      error: write("error"),
    },
    lines,
    text: () => lines.map((line) => JSON.stringify(line)).join("\n"),
  };
}
