import { describe, expect, it } from "vitest";
import { keepThaiWordsHtml } from "~/lib/thai-line-breaks";
import { loader } from "~/routes/legal-document";
import { legalDocuments } from "./documents";
import type { LegalBlock } from "./documents/types";
import { legalDocumentIds, listLegalDocumentPaths } from "./legal-document-ids";
import { escapeHtml, renderLegalDocument } from "./render-legal-document.server";

function callLoader(lang: string, doc: string) {
  return loader({ params: { lang, doc } } as unknown as Parameters<typeof loader>[0]);
}

function blockTexts(block: LegalBlock): string[] {
  return typeof block === "string" ? [block] : [...block.list];
}

describe("escapeHtml", () => {
  it("escapes every character that is special in text or attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });
});

describe("legal documents", () => {
  it("lists the six prerendered paths", () => {
    expect(listLegalDocumentPaths()).toEqual([
      "/documents/en/privacy-policy",
      "/documents/en/terms-of-service",
      "/documents/en/pdpa",
      "/documents/th/privacy-policy",
      "/documents/th/terms-of-service",
      "/documents/th/pdpa",
    ]);
  });

  for (const id of legalDocumentIds) {
    it(`${id}: the Thai version has the same structure as the English one`, () => {
      const { en, th } = legalDocuments[id];
      expect(th.sections.length).toBe(en.sections.length);
      en.sections.forEach((section, index) => {
        const thaiBlocks = th.sections[index]!.blocks;
        expect(thaiBlocks.map((block) => typeof block)).toEqual(
          section.blocks.map((block) => typeof block),
        );
        thaiBlocks.forEach((block, blockIndex) => {
          expect(blockTexts(block).length).toBe(blockTexts(section.blocks[blockIndex]!).length);
        });
      });
    });

    it(`${id}: the Thai version keeps no English beyond names and acronyms`, () => {
      const allowed =
        /\b(Jai|LINE Official Account|LINE|Facebook Messenger|Facebook|Instagram Direct|Instagram|TikTok|Meta|OpenAI|Anthropic|Google|YouTube|AI|API|PDPA|HTTPS|IP|THB|Starter|Pro|Business|Enterprise)\b|[\w.+-]+@[\w.-]+|@[\w.]+|www\.[\w.]+|youtube-nocookie\.com|\/th\b/g;
      const { th } = legalDocuments[id];
      const texts = [
        th.title,
        th.summary,
        ...th.sections.flatMap((section) => [
          section.heading,
          ...section.blocks.flatMap(blockTexts),
        ]),
      ];
      const leftovers = texts
        .map((text) => text.replace(allowed, ""))
        .filter((text) => /[A-Za-z]{2,}/.test(text));
      expect(leftovers).toEqual([]);
    });

    for (const locale of ["en", "th"] as const) {
      it(`${id} (${locale}): renders a standalone, script-free, noindex page`, () => {
        const document = legalDocuments[id][locale];
        const html = renderLegalDocument(id, locale);
        expect(html.startsWith("<!doctype html>")).toBe(true);
        expect(html).toContain(`<html lang="${locale}"`);
        expect(html).toContain(`<title>${escapeHtml(document.title)} | Jai</title>`);
        expect(html).toContain('<meta name="robots" content="noindex">');
        expect(html).not.toMatch(/<script/i);
        expect(html).toContain(`<h1>${keepThaiWordsHtml(escapeHtml(document.title))}</h1>`);
        for (const section of document.sections)
          expect(html).toContain(escapeHtml(section.heading));
      });
    }
  }
});

describe("legal document route", () => {
  it("serves the document as HTML", async () => {
    const response = await callLoader("th", "pdpa");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain('<html lang="th"');
  });

  it("answers 404 for an unknown language or document", async () => {
    expect((await callLoader("fr", "pdpa")).status).toBe(404);
    expect((await callLoader("en", "cookies")).status).toBe(404);
  });
});
