import type { ProviderChunk, ProviderError } from "./provider";

/** A provider stream that fails at once: a configuration error found before any call. */
export function failingStream(error: ProviderError): AsyncIterable<ProviderChunk> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) };
}
