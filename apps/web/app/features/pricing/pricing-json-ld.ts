import {
  billingCycleInfo,
  billingCycles,
  brand,
  currency,
  getPlanPrice,
  paidPlanIds,
} from "@jai/contracts";
import type { PricingMessages } from "./messages";

/** ISO 8601 duration of one payment: 1 → "P1M", 6 → "P6M", 12 → "P1Y". */
function toIsoDuration(months: number): string {
  return months % 12 === 0 ? `P${months / 12}Y` : `P${months}M`;
}

/**
 * schema.org data for the pricing page: one Product per paid plan, with an Offer per billing
 * cycle in THB, all read from the plan catalogue.
 */
export function buildPricingJsonLd(
  messages: PricingMessages,
  pageUrl: string,
): Record<string, unknown>[] {
  return paidPlanIds.map((planId) => {
    const plan = messages.plans[planId];
    const productName = messages.jsonLd.productName(brand.name, plan.name);
    return {
      "@context": "https://schema.org",
      "@type": "Product",
      "@id": `${pageUrl}#plan-${planId}`,
      name: productName,
      description: plan.description,
      sku: planId,
      brand: { "@type": "Brand", name: brand.name },
      offers: billingCycles.map((cycle) => {
        const { months } = billingCycleInfo[cycle];
        const price = String(getPlanPrice(planId, cycle));
        return {
          "@type": "Offer",
          name: messages.jsonLd.offerName(plan.name, messages.cycles.names[cycle]),
          price,
          priceCurrency: currency,
          availability: "https://schema.org/InStock",
          url: `${pageUrl}#plan-${planId}`,
          seller: { "@type": "Organization", name: brand.name },
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            price,
            priceCurrency: currency,
            billingDuration: toIsoDuration(months),
            referenceQuantity: { "@type": "QuantitativeValue", value: months, unitCode: "MON" },
          },
        };
      }),
    };
  });
}
