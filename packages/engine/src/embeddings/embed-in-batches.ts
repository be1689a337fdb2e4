import { l2Normalize } from "./l2-normalize";

/** Embeds `texts` in batches of `size`, one request after another, normalising each vector. */
export async function embedInBatches(
  texts: readonly string[],
  size: number,
  embedBatch: (batch: string[]) => Promise<number[][]>,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += size) {
    const batch = texts.slice(start, start + size);
    for (const vector of await embedBatch(batch)) vectors.push(l2Normalize(vector));
  }
  return vectors;
}
