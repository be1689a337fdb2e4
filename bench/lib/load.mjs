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
