import type { Config } from "@react-router/dev/config";
import { listLegalDocumentPaths } from "./app/features/legal/legal-document-ids";
import { listSitePaths } from "./app/site-pages";

export default {
  ssr: true,
  // Public pages are static HTML so crawlers and first paint never wait for JavaScript.
  prerender: {
    paths: [...listSitePaths(), "/sitemap.xml", "/robots.txt", ...listLegalDocumentPaths()],
    concurrency: 4,
  },
} satisfies Config;
