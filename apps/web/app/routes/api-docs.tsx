import { ApiDocsPage } from "~/features/api-docs/api-docs-page";
import { apiDocsMessages } from "~/features/api-docs/messages";
import type { OpenApiDocument } from "~/features/api-docs/openapi";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/api-docs";

/** The document comes from the server that serves it (the same one /api/v1/openapi.json is). */
export function loader({ context }: Route.LoaderArgs) {
  return { document: (context.apiDocument?.() ?? null) as OpenApiDocument | null };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const locale = getLocaleFromPath(location.pathname);
  const m = apiDocsMessages[locale];
  return pageMeta({
    locale,
    path: "/docs/api",
    title: m.meta.title,
    description: m.meta.description,
    publicUrl: getPublicUrl(matches),
  });
}

export default function ApiDocsRoute({ loaderData }: Route.ComponentProps) {
  return <ApiDocsPage document={loaderData.document} />;
}
