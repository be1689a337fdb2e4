import { localizePath } from "~/i18n/locale";
import { absoluteUrl } from "~/lib/page-meta";
import { getPublicUrlFromContext } from "~/lib/public-url";
import { sitePages } from "~/site-pages";
import type { Route } from "./+types/sitemap[.]xml";

export function loader({ context }: Route.LoaderArgs) {
  const PUBLIC_URL = getPublicUrlFromContext(context);
  const entries = sitePages.map((page) => {
    const path = `/${page.path}`;
    const english = absoluteUrl(PUBLIC_URL, localizePath(path, "en"));
    const thai = absoluteUrl(PUBLIC_URL, localizePath(path, "th"));
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${english}"/>`,
      `<xhtml:link rel="alternate" hreflang="th" href="${thai}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/>`,
    ].join("");
    return [english, thai].map((loc) => `<url><loc>${loc}</loc>${alternates}</url>`).join("\n");
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join("\n")}
</urlset>
`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
