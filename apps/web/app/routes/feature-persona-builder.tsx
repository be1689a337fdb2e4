import { FeaturePage } from "~/features/feature-pages/feature-page";
import { featurePageMeta } from "~/features/feature-pages/feature-page-meta";
import type { Route } from "./+types/feature-persona-builder";

export function meta({ location, matches }: Route.MetaArgs) {
  return featurePageMeta("personaBuilder", location.pathname, matches);
}

export default function FeaturePersonaBuilderRoute() {
  return <FeaturePage page="personaBuilder" />;
}
