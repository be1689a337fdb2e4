import { FeaturePage } from "~/features/feature-pages/feature-page";
import { featurePageMeta } from "~/features/feature-pages/feature-page-meta";
import { CommunityPersonas } from "~/features/marketplace/community-personas";
import type { Route } from "./+types/feature-marketplace";

export function meta({ location, matches }: Route.MetaArgs) {
  return featurePageMeta("marketplace", location.pathname, matches);
}

export default function FeatureMarketplaceRoute() {
  return (
    <FeaturePage page="marketplace">
      <CommunityPersonas />
    </FeaturePage>
  );
}
