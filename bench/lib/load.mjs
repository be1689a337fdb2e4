// One autocannon run, reduced to the figures the throughput benchmark reports.
import autocannon from "autocannon";

export async function runAutocannon({ url, connections, duration, warmup }) {
  const result = await autocannon({
    url,
    connections,
    duration,
    ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    requestsTotal: result.requests.total,
    duration: result.duration,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMean: result.latency.average,
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Mean req/s and latency of the rounds run against one server ("real" or "bare"). */
export function summarizeRuns(runs, server) {
  const selected = runs.filter((run) => run.server === server);
  const mean = (key) => selected.reduce((sum, run) => sum + run[key], 0) / selected.length;
  return {
    requestsPerSecond: mean("requestsPerSecond"),
    latencyP50: mean("latencyP50"),
    latencyP99: mean("latencyP99"),
  };
}
