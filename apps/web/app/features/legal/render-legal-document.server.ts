import latin400 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-latin-400-normal.woff2?url";
import latin600 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-latin-600-normal.woff2?url";
import thai400 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-thai-400-normal.woff2?url";
import thai600 from "@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-thai-600-normal.woff2?url";
import { brand } from "@jai/contracts";
import type { Locale } from "~/i18n/locale";
import { keepThaiWordsHtml } from "~/lib/thai-line-breaks";
import { legalDocuments } from "./documents";
import { legalEffectiveDate } from "./documents/effective-date";
import type { LegalBlock } from "./documents/types";
import type { LegalDocumentId } from "./legal-document-ids";
import { legalMessages } from "./messages";

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

// The same self-hosted files the site uses (the parent page has usually cached them already).
const latinRange =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";
const thaiRange = "U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC";
const fontFaces = [
  { url: latin400, weight: 400, range: latinRange },
  { url: latin600, weight: 600, range: latinRange },
  { url: thai400, weight: 400, range: thaiRange },
  { url: thai600, weight: 600, range: thaiRange },
]
  .map(
    ({ url, weight, range }) =>
      `@font-face{font-family:"IBM Plex Sans Thai";font-style:normal;font-weight:${weight};font-display:swap;src:url("${url}") format("woff2");unicode-range:${range}}`,
  )
  .join("\n");

const styles = `${fontFaces}
:root{color-scheme:light;--fg:#0f172a;--muted:#475569;--accent:#6d28d9;--accent-soft:#f5f3ff;--accent-border:#ede9fe;--border:#e2e8f0}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}
body{margin:0;background:#fff;color:var(--fg);font:400 16px/1.7 "IBM Plex Sans Thai",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Thai","Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased;overflow-wrap:break-word}
html[lang="th"] body{line-height:1.85}
main{max-width:46rem;margin:0 auto;padding:2.5rem 1.5rem 3rem}
.brand{margin:0;color:var(--accent);font-weight:600;font-size:.875rem;letter-spacing:.04em}
h1{margin:.25rem 0 .5rem;font-size:1.875rem;line-height:1.3;font-weight:600}
.effective{margin:0 0 1rem;color:var(--muted);font-size:.875rem}
.summary{margin:0;font-size:1.0625rem}
.toc{margin:1.75rem 0 .5rem;padding:1rem 1.25rem;border:1px solid var(--accent-border);border-radius:.75rem;background:var(--accent-soft)}
.toc h2{margin:0 0 .5rem;font-size:.875rem;letter-spacing:.04em;color:#4c1d95}
.toc ol{margin:0;padding-left:1.5rem;columns:2 16rem;column-gap:2rem}
.toc li{margin:.15rem 0;break-inside:avoid}
a{color:var(--accent);text-underline-offset:2px}
a:hover{color:#4c1d95}
a:focus-visible{outline:2px solid #7c3aed;outline-offset:2px;border-radius:2px}
section{margin-top:1.75rem;padding-top:1.25rem;border-top:1px solid var(--border)}
section h2{margin:0 0 .75rem;font-size:1.25rem;line-height:1.4;font-weight:600}
.number{color:var(--accent);margin-right:.4em}
p,ul{margin:0 0 .9rem}
ul{padding-left:1.25rem}
li{margin:.35rem 0}
li::marker{color:var(--accent)}
footer{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;margin-top:2.5rem;padding-top:1.25rem;border-top:1px solid var(--border);color:var(--muted);font-size:.875rem}
footer p{margin:0}
@media (max-width:480px){main{padding:1.5rem 1rem 2rem}h1{font-size:1.5rem}}
@media print{.toc,footer a{display:none}a{color:inherit}section{break-inside:auto}}`;

/** Escaped text whose Thai loanwords do not break across lines (see lib/thai-line-breaks). */
const text = (value: string) => keepThaiWordsHtml(escapeHtml(value));

function renderBlock(block: LegalBlock): string {
  if (typeof block === "string") return `<p>${text(block)}</p>`;
  const items = block.list.map((item) => `<li>${text(item)}</li>`).join("");
  return `<ul>${items}</ul>`;
}

/**
 * The standalone HTML page of one legal document, as shown in the legal pages' frame: no
 * scripts, every text escaped, not indexed (the framing page is the one search engines list).
 */
export function renderLegalDocument(id: LegalDocumentId, locale: Locale): string {
  const legalDocument = legalDocuments[id][locale];
  const labels = legalMessages[locale].document;
  const effectiveDate = legalEffectiveDate[locale];
  const contents = legalDocument.sections
    .map(
      (section, index) =>
        `<li><a href="#section-${index + 1}">${escapeHtml(section.heading)}</a></li>`,
    )
    .join("");
  const sections = legalDocument.sections
    .map((section, index) => {
      const number = index + 1;
      return `<section id="section-${number}" aria-labelledby="heading-${number}"><h2 id="heading-${number}"><span class="number">${number}.</span>${text(section.heading)}</h2>${section.blocks.map(renderBlock).join("")}</section>`;
    })
    .join("\n");
  const title = `${legalDocument.title} | ${brand.name}`;
  return `<!doctype html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
${styles}
.nw{white-space:nowrap}
</style>
</head>
<body>
<main>
<header id="top">
<p class="brand">${escapeHtml(brand.name)}</p>
<h1>${text(legalDocument.title)}</h1>
<p class="effective">${escapeHtml(labels.effectiveDate)}: ${escapeHtml(effectiveDate)}</p>
<p class="summary">${text(legalDocument.summary)}</p>
</header>
<nav class="toc" aria-labelledby="contents-heading">
<h2 id="contents-heading">${escapeHtml(labels.contents)}</h2>
<ol>${contents}</ol>
</nav>
${sections}
<footer>
<p>© ${brand.copyrightYear} ${escapeHtml(brand.name)}</p>
<a href="#top">${escapeHtml(labels.backToTop)}</a>
</footer>
</main>
</body>
</html>
`;
}
