import { describe, expect, it } from "vitest";
import { deliveryProblems, describeDeliveryProblem } from "./delivery-problems";

describe("delivery problems", () => {
  const parts = {
    platform: "Instagram",
    detail: "(#10) This message is sent outside of allowed window",
  };

  it("reads every stored problem back in Thai, keeping the platform's name and words", () => {
    for (const [name, problem] of Object.entries(deliveryProblems)) {
      const stored = problem.en(parts);
      const thai = describeDeliveryProblem(stored, "th");
      expect(thai, name).toBe(problem.th(parts));
      expect(thai, name).toMatch(/[\u0E00-\u0E7F]/);
      if (stored.includes(parts.detail)) expect(thai, name).toContain(parts.detail);
      if (stored.includes(parts.platform)) expect(thai, name).toContain(parts.platform);
      expect(describeDeliveryProblem(stored, "en"), name).toBe(stored);
    }
  });

  it("tells problems apart that share their start, and leaves what no sender wrote as it is", () => {
    expect(describeDeliveryProblem(deliveryProblems.botOutsideWindow.en(), "th")).toBe(
      deliveryProblems.botOutsideWindow.th(),
    );
    expect(describeDeliveryProblem(deliveryProblems.humanNeedsTag.en(), "th")).toBe(
      deliveryProblems.humanNeedsTag.th(),
    );
    expect(describeDeliveryProblem("connection reset by peer", "th")).toBe(
      "connection reset by peer",
    );
  });
});
