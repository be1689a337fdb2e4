import { FeaturePage } from "~/features/feature-pages/feature-page";
import { featurePageMeta } from "~/features/feature-pages/feature-page-meta";
import type { Route } from "./+types/feature-multi-channel";

export function meta({ location, matches }: Route.MetaArgs) {
  return featurePageMeta("multiChannel", location.pathname, matches);
}

export default function FeatureMultiChannelRoute() {
  return <FeaturePage page="multiChannel" />;
}
