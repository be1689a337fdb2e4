/** The vector scaled to length 1 (a zero vector stays zero), so cosine is a dot product. */
export function l2Normalize(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (sum === 0 || !Number.isFinite(sum)) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! * scale;
  return vector;
}
