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

// Account pages: both languages too, but rendered per request (they depend on the visitor's
// session or on a link's token), so neither prerendered nor in the sitemap.
const accountPages = [
  { id: "sign-in", path: "sign-in", file: "routes/sign-in.tsx" },
  { id: "sign-up", path: "sign-up", file: "routes/sign-up.tsx" },
  { id: "verify-email", path: "verify-email", file: "routes/verify-email.tsx" },
  { id: "forgot-password", path: "forgot-password", file: "routes/forgot-password.tsx" },
  { id: "reset-password", path: "reset-password", file: "routes/reset-password.tsx" },
  { id: "account", path: "account", file: "routes/account.tsx" },
] as const;
const accountRoutes = accountPages.flatMap((page) => [
  route(page.path, page.file, { id: `en.${page.id}` }),
  route(`th/${page.path}`, page.file, { id: `th.${page.id}` }),
]);

export default [
  ...english,
  ...thai,
  ...accountRoutes,
  route("bot/:botId", "routes/bot.tsx", { id: "bot" }),
  route("sitemap.xml", "routes/sitemap[.]xml.ts", { id: "sitemap" }),
  route("robots.txt", "routes/robots[.]txt.ts", { id: "robots" }),
  // Standalone legal documents (/documents/en|th/privacy-policy|terms-of-service|pdpa) that the
  // legal pages show in a frame; unknown languages or documents answer 404.
  route("documents/:lang/:doc", "routes/legal-document.ts", { id: "legal-document" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
