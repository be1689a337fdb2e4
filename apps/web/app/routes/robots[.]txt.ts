import { getPublicUrlFromContext } from "~/lib/public-url";
import type { Route } from "./+types/robots[.]txt";

export function loader({ context }: Route.LoaderArgs) {
  const PUBLIC_URL = getPublicUrlFromContext(context);
  const body = `User-agent: *
Allow: /
Disallow: /api/
Disallow: /bot/

Sitemap: ${PUBLIC_URL}/sitemap.xml
`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
