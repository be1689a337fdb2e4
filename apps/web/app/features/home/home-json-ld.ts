import { brand } from "@jai/contracts/brand";
import { type Locale, localeTag, localizePath } from "~/i18n/locale";
import { absoluteUrl } from "~/lib/page-meta";

/** Organization + WebSite structured data for the home page, linked by @id. */
export function buildHomeJsonLd({
  publicUrl,
  locale,
  description,
}: {
  publicUrl: string;
  locale: Locale;
  description: string;
}): Record<string, unknown> {
  const rootUrl = absoluteUrl(publicUrl, "/");
  const organizationId = `${rootUrl}#organization`;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": organizationId,
        name: brand.name,
        alternateName: brand.thaiName,
        url: rootUrl,
        logo: absoluteUrl(publicUrl, "/favicon.svg"),
        email: brand.contactEmail,
        sameAs: [brand.lineUrl, brand.facebookUrl],
      },
      {
        "@type": "WebSite",
        "@id": `${rootUrl}#website`,
        name: brand.name,
        url: absoluteUrl(publicUrl, localizePath("/", locale)),
        description,
        inLanguage: localeTag(locale),
        publisher: { "@id": organizationId },
      },
    ],
  };
}
