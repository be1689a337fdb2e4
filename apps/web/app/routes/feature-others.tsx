import { FeaturePage } from "~/features/feature-pages/feature-page";
import { featurePageMeta } from "~/features/feature-pages/feature-page-meta";
import type { Route } from "./+types/feature-others";

export function meta({ location, matches }: Route.MetaArgs) {
  return featurePageMeta("others", location.pathname, matches);
}

export default function FeatureOthersRoute() {
  return <FeaturePage page="others" />;
}
