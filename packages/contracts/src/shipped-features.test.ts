import { describe, expect, it } from "vitest";
import {
  featureKinds,
  featureStatuses,
  isFeatureShipped,
  listFeatures,
  productFeatures,
} from "./shipped-features";

const thaiLetter = /[\u0E01-\u0E2E\u0E40-\u0E44]/;

describe("productFeatures", () => {
  it("has unique kebab-case ids, a known status and kind", () => {
    const ids = productFeatures.map((feature) => feature.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const feature of productFeatures) {
      expect(feature.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(featureStatuses).toContain(feature.status);
      expect(featureKinds).toContain(feature.kind);
    }
  });

  it("names and describes every feature in English and in Thai", () => {
    for (const { id, name, description } of productFeatures) {
      for (const text of [name.en, name.th, description.en, description.th]) {
        expect(text.trim(), id).not.toBe("");
        expect(text, id).toBe(text.trim());
      }
      expect(thaiLetter.test(name.en) || thaiLetter.test(description.en), id).toBe(false);
      expect(thaiLetter.test(description.th), id).toBe(true);
    }
  });

  it("describes each feature in one sentence", () => {
    for (const { id, description } of productFeatures) {
      // English: one full stop, at the end; Thai writes none (phrases are separated by spaces).
      expect(description.en, id).toMatch(/^[^.]+\.$/);
      expect(description.th, id).not.toMatch(/\.(\s|$)/);
    }
  });

  it("describes a coming feature in the future tense, so no text reads it as available", () => {
    for (const { id, description } of listFeatures("coming")) {
      expect(description.en, id).toMatch(/\bwill\b/);
      expect(description.th, id).toContain("จะ");
    }
  });

  it("lists shipped and coming features apart", () => {
    const shipped = listFeatures("shipped");
    const coming = listFeatures("coming");
    expect(shipped.length + coming.length).toBe(productFeatures.length);
    expect(shipped.every((feature) => isFeatureShipped(feature.id))).toBe(true);
    expect(coming.some((feature) => isFeatureShipped(feature.id))).toBe(false);
    // Every chat app Console → Channels connects is shipped.
    for (const id of ["line", "messenger", "instagram", "tiktok"] as const)
      expect(isFeatureShipped(id)).toBe(true);
  });
});
