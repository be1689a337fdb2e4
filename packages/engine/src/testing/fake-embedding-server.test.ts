import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeEmbeddingServer, startFakeEmbeddingServer } from "./fake-embedding-server";

let server: FakeEmbeddingServer;
beforeEach(async () => {
  server = await startFakeEmbeddingServer({ apiKey: "k" });
});
afterEach(async () => {
  await server.close();
});

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("the fake embedding server refuses what the real APIs refuse", () => {
  it("OpenAI: no key, no model, an empty input", async () => {
    const url = `${server.baseUrls.openai}/embeddings`;
    const auth = { authorization: "Bearer k" };
    expect((await post(url, {}, { model: "m", input: ["x"] })).status).toBe(401);
    expect((await post(url, auth, { input: ["x"] })).status).toBe(400);
    expect((await post(url, auth, { model: "m", input: [""] })).status).toBe(400);
    const ok = await post(url, auth, { model: "m", input: "one text" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ object: "list", data: [{ object: "embedding", index: 0 }] });
  });

  it("Gemini: no key 403, a batch over 100, a request naming another model", async () => {
    const url = `${server.baseUrls.google}/models/gemini-embedding-001:batchEmbedContents`;
    const request = (model = "models/gemini-embedding-001") => ({
      model,
      content: { parts: [{ text: "x" }] },
    });
    expect((await post(url, {}, { requests: [request()] })).status).toBe(403);
    const key = { "x-goog-api-key": "k" };
    expect((await post(url, key, { requests: Array(101).fill(request()) })).status).toBe(400);
    expect((await post(url, key, { requests: [request("models/other")] })).status).toBe(400);
    // The key may also come as ?key= (older clients).
    const viaQuery = await post(`${url}?key=k`, {}, { requests: [request()] });
    expect(viaQuery.body).toMatchObject({ embeddings: [{ values: expect.any(Array) }] });
  });

  it("Ollama: no model; answers { model, embeddings }", async () => {
    const url = `${server.baseUrls.ollama}/api/embed`;
    expect((await post(url, {}, { input: "x" })).status).toBe(400);
    const ok = await post(url, {}, { model: "bge-m3", input: ["a", "b"] });
    expect(ok.body).toMatchObject({
      model: "bge-m3",
      embeddings: [expect.any(Array), expect.any(Array)],
    });
  });

  it("gives the same vector for the same text, and Thai and English equivalents share meaning", () => {
    const cosine = (a: Float32Array, b: Float32Array) =>
      a.reduce((sum, v, i) => sum + v * b[i]!, 0);
    expect(Array.from(server.vectorOf("ราคาเท่าไหร่"))).toEqual(
      Array.from(server.vectorOf("ราคาเท่าไหร่")),
    );
    const price = server.vectorOf("price");
    expect(cosine(server.vectorOf("ราคา"), price)).toBeGreaterThan(0.5);
    expect(cosine(server.vectorOf("delivery"), price)).toBeLessThan(0.3);
  });
});
