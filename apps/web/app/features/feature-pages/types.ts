// The shape every feature page's texts follow. `messages.ts` checks each page against it with
// `satisfies`, which keeps the page's own card keys so the Thai texts must have exactly the same.

export type CardText = { title: string; description: string };

export type ChatVisualText = {
  kind: "chat";
  label: string;
  botName: string;
  status: string;
  /** Language of the demo messages (the demo shows a Thai chat on both pages). */
  messagesLang: "en" | "th";
  messages: ReadonlyArray<{ from: "user" | "bot"; text: string }>;
  caption: string;
};

export type TonesVisualText = {
  kind: "tones";
  toneLabel: string;
  tones: readonly string[];
  persona: { name: string; role: string; greeting: string };
  caption: string;
};

export type MetricsVisualText = {
  kind: "metrics";
  label: string;
  title: string;
  exampleData: string;
  stats: ReadonlyArray<{ label: string; value: string; change: string }>;
  chartTitle: string;
  months: readonly string[];
  actual: string;
  forecast: string;
  topQuestionsTitle: string;
  topQuestions: ReadonlyArray<{ question: string; count: string }>;
};

export type SpotlightText = {
  eyebrow: string;
  title: string;
  description: string;
  points: readonly string[];
  visual: ChatVisualText | TonesVisualText | MetricsVisualText;
};

export type StepsText = { title: string; intro: string; items: readonly CardText[] };

export type CategoriesText = { title: string; intro: string; items: Record<string, CardText> };

export type FeaturePageText = {
  meta: { title: string; description: string };
  /** One line used where other pages link to this one. */
  summary: string;
  hero: { title: string; intro: string; highlights: readonly string[] };
  grid: { title: string; intro: string; cards: Record<string, CardText> };
  spotlight?: SpotlightText;
  steps?: StepsText;
  categories?: CategoriesText;
  cta: { title: string; description: string; button: string };
};

export type FeaturePageId =
  | "aiChatbot"
  | "personaBuilder"
  | "multiChannel"
  | "dashboard"
  | "marketplace"
  | "others";

export type FeaturePagesText = {
  common: {
    heroSecondary: string;
    relatedTitle: string;
    relatedIntro: string;
    step: (n: number) => string;
  };
  pages: Record<FeaturePageId, FeaturePageText>;
};
