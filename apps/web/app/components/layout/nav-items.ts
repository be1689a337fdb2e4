import type { CommonMessages } from "~/i18n/en";

type FeatureKey = keyof CommonMessages["nav"]["featurePages"];

/** The six feature pages, in the order the Features menus list them. */
export const featureNavItems: ReadonlyArray<{ key: FeatureKey; to: string }> = [
  { key: "aiChatbot", to: "/features/ai-chatbot" },
  { key: "personaBuilder", to: "/features/persona-builder" },
  { key: "multiChannel", to: "/features/multi-channel" },
  { key: "dashboard", to: "/features/dashboard" },
  { key: "marketplace", to: "/features/marketplace" },
  { key: "others", to: "/features/others" },
];
