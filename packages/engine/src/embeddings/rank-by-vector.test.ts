import { describe, expect, it } from "vitest";
import { l2Normalize } from "./l2-normalize";
import { rankByVector } from "./rank-by-vector";

const vector = (...values: number[]) => l2Normalize(values);

describe("rankByVector", () => {
  const documents = [
    { id: "a", vector: vector(1, 0, 0) },
    { id: "b", vector: vector(0.8, 0.6, 0) },
    { id: "c", vector: vector(0, 1, 0) },
    { id: "d", vector: vector(-1, 0, 0) },
  ];

  it("orders by cosine similarity, best first", () => {
    expect(rankByVector(vector(1, 0.1, 0), documents)).toEqual(["a", "b", "c", "d"]);
    expect(rankByVector(vector(0, 1, 0), documents)).toEqual(["c", "b", "a", "d"]);
  });

  it("returns at most `limit` ids (default 20)", () => {
    expect(rankByVector(vector(1, 0, 0), documents, 2)).toEqual(["a", "b"]);
    const many = Array.from({ length: 50 }, (_, i) => ({
      id: `n${i}`,
      vector: vector(Math.cos(i / 50), Math.sin(i / 50), 0),
    }));
    const ranking = rankByVector(vector(1, 0, 0), many);
    expect(ranking).toHaveLength(20);
    expect(ranking.slice(0, 3)).toEqual(["n0", "n1", "n2"]);
    expect(rankByVector(vector(1, 0, 0), documents, 0)).toEqual([]);
  });

  it("skips vectors of another length (another model), never compares them", () => {
    const mixed = [...documents, { id: "other-model", vector: vector(1, 0) }];
    expect(rankByVector(vector(1, 0, 0), mixed)).not.toContain("other-model");
    expect(rankByVector(vector(1, 0), mixed)).toEqual(["other-model"]);
  });

  it("keeps the documents' order between equal scores", () => {
    const twins = [
      { id: "first", vector: vector(0, 1, 0) },
      { id: "second", vector: vector(0, 1, 0) },
    ];
    expect(rankByVector(vector(0, 1, 0), twins)).toEqual(["first", "second"]);
  });

  it("matches a plain dot product on random vectors of odd length", () => {
    const random = (seed: number) =>
      l2Normalize(Array.from({ length: 37 }, (_, i) => Math.sin(seed * 12.9898 + i * 78.233)));
    const docs = Array.from({ length: 100 }, (_, i) => ({ id: String(i), vector: random(i + 1) }));
    const query = random(1000);
    const expected = docs
      .map((doc) => ({ id: doc.id, score: doc.vector.reduce((s, v, i) => s + v * query[i]!, 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((doc) => doc.id);
    expect(rankByVector(query, docs, 10)).toEqual(expected);
  });
});
