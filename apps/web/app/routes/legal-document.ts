import { isDocumentLocale, isLegalDocumentId } from "~/features/legal/legal-document-ids";
import { renderLegalDocument } from "~/features/legal/render-legal-document.server";
import type { Route } from "./+types/legal-document";

// The standalone legal documents framed by /privacy-policy, /tos and /pdpa (and their Thai
// twins). Prerendered at build; served with `frame-ancestors 'self'` by the server.
export function loader({ params }: Route.LoaderArgs) {
  const { lang, doc } = params;
  if (!isDocumentLocale(lang) || !isLegalDocumentId(doc)) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(renderLegalDocument(doc, lang), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
