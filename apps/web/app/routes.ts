import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { sitePages } from "./site-pages";

// Every public page is registered twice with explicit ids (an optional `th?` segment breaks
// prerendering). The bot chat page exists in English only; everything else is the 404 page.
const english = sitePages.map((page) =>
  page.path === ""
    ? index(page.file, { id: `en.${page.id}` })
    : route(page.path, page.file, { id: `en.${page.id}` }),
);
const thai = sitePages.map((page) =>
  route(page.path === "" ? "th" : `th/${page.path}`, page.file, { id: `th.${page.id}` }),
);

export default [
  ...english,
  ...thai,
  route("bot/:botId", "routes/bot.tsx", { id: "bot" }),
  route("sitemap.xml", "routes/sitemap[.]xml.ts", { id: "sitemap" }),
  route("robots.txt", "routes/robots[.]txt.ts", { id: "robots" }),
  // Standalone legal documents (/documents/en|th/privacy-policy|terms-of-service|pdpa) that the
  // legal pages show in a frame; unknown languages or documents answer 404.
  route("documents/:lang/:doc", "routes/legal-document.ts", { id: "legal-document" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
