import { parentPort } from "node:worker_threads";
import { extractKnowledge, type KnowledgeContent } from "./extract-knowledge";
import type { ExtractionReply } from "./extraction-pool";
import { IngestionError } from "./ingestion-error";

/**
 * The extraction worker thread's entry (see extraction-pool.ts): reads and cuts one source per
 * message, answering with its passages, the IngestionError's code, or an unexpected error's name
 * and stack frames (never its message: a parser's message may quote the document).
 */
const port = parentPort;
if (!port) throw new Error("extraction-worker.ts runs as a worker thread");

port.on("message", async (content: KnowledgeContent) => {
  let reply: ExtractionReply;
  try {
    reply = { type: "done", chunks: await extractKnowledge(content) };
  } catch (error) {
    reply =
      error instanceof IngestionError
        ? { type: "failed", code: error.code }
        : {
            type: "error",
            name: error instanceof Error ? error.name : typeof error,
            frames: error instanceof Error ? stackFrames(error) : "",
          };
  }
  port.postMessage(reply);
});
port.postMessage({ type: "ready" } satisfies ExtractionReply);

function stackFrames(error: Error): string {
  return (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, 8)
    .join("\n");
}
