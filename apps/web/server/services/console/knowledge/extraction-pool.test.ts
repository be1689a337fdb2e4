import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildDocx, buildDocxWithXml, randomDocumentXml } from "./build-test-files";
import {
  createExtractionPool,
  ExtractionCrashError,
  type ExtractionPool,
  ExtractionPoolClosedError,
} from "./extraction-pool";
import { IngestionError } from "./ingestion-error";

const docx = (fileName: string, data: Uint8Array) => ({ kind: "file" as const, fileName, data });

describe("the extraction pool", { timeout: 60_000 }, () => {
  // 14 MB of document XML (under 1 MB packed, within every ZIP limit): mammoth needs about
  // 400 MB of heap and a few seconds for it, then refuses its text as too much.
  let heavy: Uint8Array;
  let small: Uint8Array;
  const pools: ExtractionPool[] = [];
  const makePool = (options: Parameters<typeof createExtractionPool>[0]) => {
    const pool = createExtractionPool(options);
    pools.push(pool);
    return pool;
  };

  beforeAll(async () => {
    heavy = buildDocxWithXml(randomDocumentXml(14 * 1024 * 1024));
    small = await buildDocx(["Returns are accepted within 30 days."]);
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  async function failureOf(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error("expected a failure");
  }

  it("reads sources in a worker thread, one after another, and refuses what breaks a limit", async () => {
    const pool = makePool({ size: 1 });
    const [first, second, third] = await Promise.allSettled([
      pool.extract(docx("a.docx", small)),
      pool.extract({ kind: "text", fileName: null, data: new TextEncoder().encode("Hello") }),
      pool.extract(docx("b.docx", new Uint8Array([0x50, 0x4b, 3, 4]))),
    ]);
    expect(first).toMatchObject({
      status: "fulfilled",
      value: [{ ordinal: 0, text: "Returns are accepted within 30 days." }],
    });
    expect(second).toMatchObject({ status: "fulfilled", value: [{ text: "Hello" }] });
    expect(third).toMatchObject({ status: "rejected", reason: { code: "corrupt_file" } });
  });

  it("fails a file that outgrows the worker's heap, and the next one is read by a new worker", async () => {
    const pool = makePool({ heapMb: 64 });
    const error = await failureOf(pool.extract(docx("heavy.docx", heavy)));
    expect(error).toBeInstanceOf(IngestionError);
    expect(error).toMatchObject({ code: "too_large_unpacked" });
    expect(await pool.extract(docx("small.docx", small))).toHaveLength(1);
  });

  it("ends a file that takes too long, and the next one is read by a new worker", async () => {
    const pool = makePool({ timeoutMs: 300 });
    // Warm: the clock starts when the worker has the source, not while it loads.
    await pool.extract(docx("small.docx", small));
    const started = performance.now();
    const error = await failureOf(pool.extract(docx("heavy.docx", heavy)));
    expect(error).toMatchObject({ code: "timeout" });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await pool.extract(docx("small.docx", small))).toHaveLength(1);
  });

  it("reports a worker that crashed on a source, and starts another", async () => {
    // A worker that gets ready, then dies on its first source: what a parser crash looks like.
    const crashing = new URL(
      `data:text/javascript,${encodeURIComponent(`
        import { parentPort } from "node:worker_threads";
        parentPort.on("message", () => process.exit(3));
        parentPort.postMessage({ type: "ready" });
      `)}`,
    );
    const pool = makePool({ workerUrl: crashing });
    expect(await failureOf(pool.extract(docx("a.docx", small)))).toBeInstanceOf(
      ExtractionCrashError,
    );
    expect(await failureOf(pool.extract(docx("b.docx", small)))).toBeInstanceOf(
      ExtractionCrashError,
    );
  });

  it("rejects what is in progress or waiting when it closes", async () => {
    const pool = makePool({});
    // Once a worker is ready, a source is handed to it at once.
    await pool.extract(docx("small.docx", small));
    const inProgress = failureOf(pool.extract(docx("heavy.docx", heavy)));
    const waiting = failureOf(pool.extract(docx("small.docx", small)));
    await pool.close();
    expect(await inProgress).toBeInstanceOf(ExtractionPoolClosedError);
    expect(await waiting).toBeInstanceOf(ExtractionPoolClosedError);
    expect(await failureOf(pool.extract(docx("late.docx", small)))).toBeInstanceOf(
      ExtractionPoolClosedError,
    );
  });
});
