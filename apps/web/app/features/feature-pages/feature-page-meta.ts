import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import { featurePageConfigs } from "./feature-page-config";
import { featurePagesMessages } from "./messages";
import type { FeaturePageId } from "./types";

/** Title, description, canonical and hreflang links of a feature page, in the URL's language. */
export function featurePageMeta(
  page: FeaturePageId,
  pathname: string,
  matches: Parameters<typeof getPublicUrl>[0],
) {
  const locale = getLocaleFromPath(pathname);
  const { meta } = featurePagesMessages[locale].pages[page];
  return pageMeta({
    locale,
    path: featurePageConfigs[page].path,
    title: meta.title,
    description: meta.description,
    publicUrl: getPublicUrl(matches),
  });
}
