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
  // A teammate's invitation link (accepting it needs an account: sign in or sign up first).
  { id: "invite", path: "invite/:token", file: "routes/invite.tsx" },
  // The API reference: rendered per request from the server's own OpenAPI document.
  { id: "api-docs", path: "docs/api", file: "routes/api-docs.tsx" },
] as const;
const accountRoutes = accountPages.flatMap((page) => [
  route(page.path, page.file, { id: `en.${page.id}` }),
  route(`th/${page.path}`, page.file, { id: `th.${page.id}` }),
]);

/**
 * The owner console (/app, /th/app): one layout route (routes/console-layout.tsx: nav + <Outlet />)
 * with these pages as children. Another page joins the console by adding an entry here; its id
 * becomes `en.console.<id>` / `th.console.<id>`. `path: ""` is the index page (/app).
 */
export const consolePages: Array<{ id: string; path: string; file: string }> = [
  { id: "overview", path: "", file: "routes/console-overview.tsx" },
  { id: "inbox", path: "inbox", file: "routes/console-inbox.tsx" },
  { id: "analytics", path: "analytics", file: "routes/console-analytics.tsx" },
  { id: "improve", path: "improve", file: "routes/console-improve.tsx" },
  { id: "data", path: "data", file: "routes/console-data.tsx" },
  { id: "billing", path: "billing", file: "routes/console-billing.tsx" },
  { id: "inbox-conversation", path: "inbox/:conversationId", file: "routes/console-inbox.tsx" },
  { id: "personas", path: "personas", file: "routes/console-personas.tsx" },
  { id: "bots", path: "bots", file: "routes/console-bots.tsx" },
  { id: "bot", path: "bots/:botId", file: "routes/console-bot.tsx" },
  {
    id: "conversations",
    path: "bots/:botId/conversations",
    file: "routes/console-conversations.tsx",
  },
  {
    id: "transcript",
    path: "bots/:botId/conversations/:conversationId",
    file: "routes/console-transcript.tsx",
  },
  { id: "channels", path: "bots/:botId/channels", file: "routes/console-channels.tsx" },
  { id: "api-keys", path: "api-keys", file: "routes/console-api-keys.tsx" },
  { id: "webhooks", path: "webhooks", file: "routes/console-webhooks.tsx" },
  { id: "marketplace", path: "marketplace", file: "routes/console-marketplace.tsx" },
  { id: "team", path: "team", file: "routes/console-team.tsx" },
  { id: "settings", path: "settings", file: "routes/console-settings.tsx" },
  { id: "notifications", path: "notifications", file: "routes/console-notifications.tsx" },
  {
    id: "admin-marketplace",
    path: "admin/marketplace",
    file: "routes/console-admin-marketplace.tsx",
  },
];

/** The console's child routes for one language (ids `<locale>.console.<page id>`). */
export function consoleChildren(locale: "en" | "th") {
  return consolePages.map((page) =>
    page.path === ""
      ? index(page.file, { id: `${locale}.console.${page.id}` })
      : route(page.path, page.file, { id: `${locale}.console.${page.id}` }),
  );
}
const consoleRoutes = (["en", "th"] as const).map((locale) =>
  route(
    locale === "en" ? "app" : "th/app",
    "routes/console-layout.tsx",
    { id: `${locale}.console` },
    consoleChildren(locale),
  ),
);

export default [
  ...english,
  ...thai,
  ...accountRoutes,
  ...consoleRoutes,
  route("bot/:botId", "routes/bot.tsx", { id: "bot" }),
  // The website widget's frame (the loader, /widget.js, opens it on the owner's site).
  route("widget/:botId", "routes/widget.tsx", { id: "widget" }),
  route("sitemap.xml", "routes/sitemap[.]xml.ts", { id: "sitemap" }),
  route("robots.txt", "routes/robots[.]txt.ts", { id: "robots" }),
  // Standalone legal documents (/documents/en|th/privacy-policy|terms-of-service|pdpa) that the
  // legal pages show in a frame; unknown languages or documents answer 404.
  route("documents/:lang/:doc", "routes/legal-document.ts", { id: "legal-document" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
