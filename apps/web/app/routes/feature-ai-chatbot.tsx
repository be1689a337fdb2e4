import { FeaturePage } from "~/features/feature-pages/feature-page";
import { featurePageMeta } from "~/features/feature-pages/feature-page-meta";
import type { Route } from "./+types/feature-ai-chatbot";

export function meta({ location, matches }: Route.MetaArgs) {
  return featurePageMeta("aiChatbot", location.pathname, matches);
}

export default function FeatureAiChatbotRoute() {
  return <FeaturePage page="aiChatbot" />;
}
