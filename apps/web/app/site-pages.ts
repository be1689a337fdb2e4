// The public pages of the site. Each is registered twice (English at its path, Thai under /th),
// prerendered at build, and listed in the sitemap. Route ids are `<locale>.<id>`.
export const sitePages = [
  { id: "home", path: "", file: "routes/home.tsx" },
  { id: "pricing", path: "pricing", file: "routes/pricing.tsx" },
  { id: "team", path: "team", file: "routes/team.tsx" },
  { id: "contact", path: "contact", file: "routes/contact.tsx" },
  { id: "feature-ai-chatbot", path: "features/ai-chatbot", file: "routes/feature-ai-chatbot.tsx" },
  {
    id: "feature-persona-builder",
    path: "features/persona-builder",
    file: "routes/feature-persona-builder.tsx",
  },
  {
    id: "feature-multi-channel",
    path: "features/multi-channel",
    file: "routes/feature-multi-channel.tsx",
  },
  { id: "feature-dashboard", path: "features/dashboard", file: "routes/feature-dashboard.tsx" },
  {
    id: "feature-marketplace",
    path: "features/marketplace",
    file: "routes/feature-marketplace.tsx",
  },
  { id: "feature-others", path: "features/others", file: "routes/feature-others.tsx" },
  { id: "persona-builder", path: "persona-builder", file: "routes/persona-builder.tsx" },
  { id: "privacy-policy", path: "privacy-policy", file: "routes/privacy-policy.tsx" },
  { id: "tos", path: "tos", file: "routes/tos.tsx" },
  { id: "pdpa", path: "pdpa", file: "routes/pdpa.tsx" },
] as const;

export type SitePageId = (typeof sitePages)[number]["id"];

/** Every prerendered URL path, English then Thai: `/`, `/pricing`, …, `/th`, `/th/pricing`, … */
export function listSitePaths(): string[] {
  const english = sitePages.map((page) => `/${page.path}`);
  const thai = sitePages.map((page) => (page.path === "" ? "/th" : `/th/${page.path}`));
  return [...english, ...thai];
}
