/** A document's embedding: its index id and its L2-normalised vector. */
export type DocumentVector = { id: string; vector: Float32Array };

/**
 * The ids of the `limit` documents closest to `query` by cosine similarity, best first (equal
 * scores keep the documents' order). Vectors are L2-normalised (as `Embedder.embed` returns
 * them), so cosine is their dot product. A vector of another length (another model) is skipped,
 * never compared. An exact scan: about 10,000 passages of one bot take milliseconds
 * (docs/decisions/0011-hybrid-retrieval.md), so no approximate index is needed.
 */
export function rankByVector(
  query: Float32Array,
  vectors: readonly DocumentVector[],
  limit = 20,
): string[] {
  if (limit <= 0 || query.length === 0) return [];
  const dimensions = query.length;
  // The best so far, sorted best first; a candidate only enters when it beats the last.
  const bestIds: string[] = [];
  const bestScores: number[] = [];
  for (const { id, vector } of vectors) {
    if (vector.length !== dimensions) continue;
    const score = dot(query, vector, dimensions);
    if (Number.isNaN(score)) continue;
    if (bestScores.length === limit && score <= bestScores[limit - 1]!) continue;
    let position = bestScores.length;
    while (position > 0 && bestScores[position - 1]! < score) position--;
    bestScores.splice(position, 0, score);
    bestIds.splice(position, 0, id);
    if (bestScores.length > limit) {
      bestScores.pop();
      bestIds.pop();
    }
  }
  return bestIds;
}

function dot(a: Float32Array, b: Float32Array, length: number): number {
  // Four sums at once: about a fifth faster in V8 than one; past that the scan is bound by
  // memory bandwidth (docs/decisions/0011).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < length; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < length; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}
