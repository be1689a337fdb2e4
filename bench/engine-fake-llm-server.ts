/**
 * Runs the engine's fake OpenAI-compatible server on its own (for engine-overhead.ts, so the
 * server's work does not share the measured process's event loop). Prints its base URL on the
 * first line of stdout, then serves until stdin closes or it is killed.
 *
 *   node --import tsx bench/engine-fake-llm-server.ts [openai|anthropic|google]
 */
import {
  type FakeDialect,
  startFakeLlmServer,
} from "../packages/engine/src/testing/fake-llm-server.ts";

const dialect = (process.argv[2] ?? "openai") as FakeDialect;
const server = await startFakeLlmServer(dialect, [
  { type: "stream", chunks: ["Pro costs ", "2,490 THB ", "per month."] },
]);
console.log(server.baseURL);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.stdin.on("end", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
