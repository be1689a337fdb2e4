import { Worker } from "node:worker_threads";
import { consoleLimits, type KnowledgeErrorCode } from "@jai/contracts/console";
import type { KnowledgeChunkDraft } from "../../bots/build-knowledge-chunks";
import type { KnowledgeContent } from "./extract-knowledge";
import { IngestionError } from "./ingestion-error";

export type ExtractionPoolOptions = {
  /** Worker threads extracting at once; more sources wait their turn. 1 suits 2 cores. */
  size?: number;
  /** Each worker's V8 heap (old generation), in MB: beyond it the worker dies, not the server. */
  heapMb?: number;
  /** Wall-clock time for one source; the worker is terminated past it ("timeout"). */
  timeoutMs?: number;
  /** Another worker script (tests: one that crashes); extraction-worker by default. */
  workerUrl?: URL;
};

export type ExtractionPool = {
  /**
   * A source's passages, read and cut in a worker thread (see extractKnowledge). Rejects with
   * IngestionError for a file that can never work (its limits included: "timeout",
   * "too_large_unpacked" when it outgrew the heap), ExtractionCrashError when the worker died on
   * it otherwise, ExtractionPoolClosedError when the pool closed meanwhile, any other error for a
   * retry.
   */
  extract(content: KnowledgeContent): Promise<KnowledgeChunkDraft[]>;
  /** Terminates the workers; sources in progress reject with ExtractionPoolClosedError. */
  close(): Promise<void>;
};

/** What a worker posts back (extraction-worker.ts). */
export type ExtractionReply =
  | { type: "ready" }
  | { type: "done"; chunks: KnowledgeChunkDraft[] }
  | { type: "failed"; code: Exclude<KnowledgeErrorCode, "internal"> }
  | { type: "error"; name: string; frames: string };

/** The worker died while reading a source (not its heap: a crash). A poison file: never retried. */
export class ExtractionCrashError extends Error {
  override name = "ExtractionCrashError";
}

/** The pool closed (the server is stopping) before the source was read: not the file's fault. */
export class ExtractionPoolClosedError extends Error {
  override name = "ExtractionPoolClosedError";
}

type Task = {
  content: KnowledgeContent;
  resolve(chunks: KnowledgeChunkDraft[]): void;
  reject(error: unknown): void;
};

type Slot = {
  worker: Worker;
  isReady: boolean;
  task?: Task;
  timer?: NodeJS.Timeout;
};

/**
 * A bounded pool of worker threads that read knowledge files (PDF, DOCX, CSV …) and cut them into
 * passages, so that no file can stop the server: the work is off the event loop (every tenant's
 * requests keep their latency), each worker's heap is capped by `resourceLimits` (a file that
 * needs more kills its worker, which is replaced), and each source has a wall-clock limit. The
 * streaming limits inside extraction (unpacked DOCX size, PDF pages, extracted characters) stop
 * most hostile files long before these two. Workers start on first use and stay for the next
 * source; they do not keep the process alive.
 */
export function createExtractionPool({
  size = 1,
  heapMb = 768,
  timeoutMs = consoleLimits.knowledgeExtractionSeconds * 1000,
  workerUrl = defaultWorkerUrl,
}: ExtractionPoolOptions = {}): ExtractionPool {
  const slots = new Set<Slot>();
  const queue: Task[] = [];
  let isClosed = false;

  function spawn(): Slot {
    const worker = new Worker(workerUrl, {
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(heapMb / 8))),
      },
      // Its logs would be the parser's (pdf.js warnings, quoting nothing we need): dropped.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, isReady: false };
    slots.add(slot);
    worker.on("message", (reply: ExtractionReply) => onReply(slot, reply));
    worker.on("error", (error: Error & { code?: string }) => onExit(slot, error));
    worker.on("exit", () => onExit(slot, undefined));
    return slot;
  }

  function onReply(slot: Slot, reply: ExtractionReply): void {
    if (reply.type === "ready") {
      slot.isReady = true;
      dispatch();
      // Held only while it reads a source: an idle worker does not keep the process alive.
      if (!slot.task) slot.worker.unref();
      return;
    }
    const task = finish(slot);
    if (!task) return;
    if (reply.type === "done") task.resolve(reply.chunks);
    else if (reply.type === "failed") task.reject(new IngestionError(reply.code));
    else task.reject(rebuildError(reply));
    dispatch();
  }

  /** A worker that died: its source fails for good (unless it never started on one). */
  function onExit(slot: Slot, error: (Error & { code?: string }) | undefined): void {
    if (!slots.delete(slot)) return;
    const task = finish(slot);
    if (task) {
      if (isClosed) task.reject(new ExtractionPoolClosedError("the extraction pool closed"));
      else if (error?.code === "ERR_WORKER_OUT_OF_MEMORY") {
        task.reject(new IngestionError("too_large_unpacked", { cause: error }));
      } else task.reject(new ExtractionCrashError("the extraction worker died", { cause: error }));
    } else if (!slot.isReady && error) {
      // It could not even start (a broken install): not a file's fault, so the queue is told.
      for (const waiting of queue.splice(0)) waiting.reject(error);
    }
    // The worker is gone either way (terminate() follows an error, and is harmless after exit).
    void slot.worker.terminate();
    dispatch();
  }

  function finish(slot: Slot): Task | undefined {
    clearTimeout(slot.timer);
    slot.worker.unref();
    const task = slot.task;
    slot.task = undefined;
    return task;
  }

  function dispatch(): void {
    if (isClosed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.isReady || slot.task) continue;
      const task = queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      // The clock starts once the worker has the source (not while it loads its modules).
      slot.timer = setTimeout(() => {
        if (slot.task !== task) return;
        finish(slot);
        slots.delete(slot);
        void slot.worker.terminate();
        task.reject(new IngestionError("timeout"));
        dispatch();
      }, timeoutMs);
      slot.timer.unref();
      // A copy the worker takes over: the row's buffer may be a view into a shared pool.
      const data = new Uint8Array(task.content.data);
      slot.worker.postMessage({ ...task.content, data }, [data.buffer as ArrayBuffer]);
    }
    // Every worker busy (or starting) and sources waiting: one more, up to the pool's size.
    const busy = [...slots].filter((slot) => slot.task || !slot.isReady).length;
    if (queue.length > 0 && busy === slots.size && slots.size < size) spawn();
  }

  return {
    extract(content) {
      if (isClosed) return Promise.reject(new ExtractionPoolClosedError("the pool is closed"));
      return new Promise((resolve, reject) => {
        queue.push({ content, resolve, reject });
        dispatch();
      });
    },
    async close() {
      isClosed = true;
      for (const task of queue.splice(0)) {
        task.reject(new ExtractionPoolClosedError("the extraction pool closed"));
      }
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * The worker's entry: in the production build, extraction-worker.js next to the server bundle
 * (vite.server.config.ts builds it as a second entry); from the TypeScript sources (Vitest, tsx),
 * a JS shim that loads the .ts entry through tsx (see extraction-worker-source.mjs).
 */
const defaultWorkerUrl = import.meta.url.endsWith(".ts")
  ? new URL("./extraction-worker-source.mjs", import.meta.url)
  : new URL("./extraction-worker.js", import.meta.url);

/** An unexpected error from the worker, as the ingestion worker logs it: name and frames only. */
function rebuildError(reply: { name: string; frames: string }): Error {
  const error = new Error("extraction failed in the worker");
  error.name = reply.name;
  error.stack = `${reply.name}: extraction failed in the worker\n${reply.frames}`;
  return error;
}
