/**
 * What is embedded for a chunk: a written section's title with its text (it says what the
 * passage is about, as the BM25 index weighs it), an FAQ chunk as stored (question and answer),
 * a file's passage alone (a file name rarely means anything).
 */
export function chunkEmbeddingText(chunk: { kind: string; title: string; text: string }): string {
  const title = chunk.title.trim();
  return chunk.kind === "text" && title ? `${title}\n${chunk.text}` : chunk.text;
}
