import { billingCycles, getPlanPrice, paidPlanIds } from "@jai/contracts";
import { describe, expect, it } from "vitest";
import { en, th } from "./messages";
import { buildPricingJsonLd } from "./pricing-json-ld";

type Offer = {
  price: string;
  priceCurrency: string;
  priceSpecification: { billingDuration: string; referenceQuantity: { value: number } };
};

describe("buildPricingJsonLd", () => {
  const products = buildPricingJsonLd(en, "https://jai.example/pricing");

  it("describes every paid plan as a Product with one THB offer per billing cycle", () => {
    expect(products.map((product) => product.sku)).toEqual([...paidPlanIds]);
    for (const [index, planId] of paidPlanIds.entries()) {
      const offers = products[index]?.offers as Offer[];
      expect(offers.map((offer) => offer.price)).toEqual(
        billingCycles.map((cycle) => String(getPlanPrice(planId, cycle))),
      );
      for (const offer of offers) expect(offer.priceCurrency).toBe("THB");
      expect(offers.map((offer) => offer.priceSpecification.billingDuration)).toEqual([
        "P1M",
        "P6M",
        "P1Y",
      ]);
      expect(offers.map((offer) => offer.priceSpecification.referenceQuantity.value)).toEqual([
        1, 6, 12,
      ]);
    }
  });

  it("uses the page's language for names and descriptions", () => {
    const thai = buildPricingJsonLd(th, "https://jai.example/th/pricing");
    expect(thai[1]).toMatchObject({
      name: "Jai แพ็กเกจโปร",
      description: th.plans.pro.description,
      "@id": "https://jai.example/th/pricing#plan-pro",
    });
    expect(products[1]).toMatchObject({ name: "Jai Pro plan" });
  });
});
