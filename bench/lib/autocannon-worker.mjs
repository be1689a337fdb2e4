// Runs autocannon in its own process for bench/static-throughput.mjs, so the load generator gets a
// core to itself instead of sharing the benchmark script's event loop.
import { runAutocannon } from "./load.mjs";

process.on("message", async (options) => {
  try {
    process.send({ result: await runAutocannon(options) });
  } catch (error) {
    process.send({ error: error.message });
  }
});
process.on("disconnect", () => process.exit(0));
