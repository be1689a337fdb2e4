import {
  brand,
  formatThb,
  freeTrial,
  getMaxDiscountPercent,
  getStartingMonthlyPrice,
} from "@jai/contracts";
import { pricingMessages } from "~/features/pricing/messages";
import { buildPricingJsonLd } from "~/features/pricing/pricing-json-ld";
import { PricingPage } from "~/features/pricing/pricing-page";
import { getLocaleFromPath, localizePath } from "~/i18n/locale";
import { absoluteUrl, getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/pricing";

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const messages = pricingMessages[locale];
  const publicUrl = getPublicUrl(matches);
  const facts = {
    brand: brand.name,
    startingPrice: formatThb(getStartingMonthlyPrice()),
    maxDiscount: getMaxDiscountPercent(),
    trialDays: freeTrial.trialDays,
  };
  return pageMeta({
    locale,
    path: "/pricing",
    title: messages.meta.title(facts),
    description: messages.meta.description(facts),
    publicUrl,
    jsonLd: buildPricingJsonLd(messages, absoluteUrl(publicUrl, localizePath("/pricing", locale))),
  });
}

export default function PricingRoute() {
  return <PricingPage />;
}
