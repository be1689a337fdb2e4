import { FeaturePage } from "~/features/feature-pages/feature-page";
import { featurePageMeta } from "~/features/feature-pages/feature-page-meta";
import type { Route } from "./+types/feature-dashboard";

export function meta({ location, matches }: Route.MetaArgs) {
  return featurePageMeta("dashboard", location.pathname, matches);
}

export default function FeatureDashboardRoute() {
  return <FeaturePage page="dashboard" />;
}
