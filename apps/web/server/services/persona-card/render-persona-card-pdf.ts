import { avatarImageId } from "@jai/contracts/avatar-limits";
import type { Locale } from "@jai/contracts/locale";
import type { Persona } from "@jai/contracts/persona";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import {
  type CardFont,
  type CardOp,
  cardColors,
  cardLineHeight,
  layoutPersonaCard,
} from "~/features/persona-builder/card-export/layout-persona-card";
import { personaCardContent } from "~/features/persona-builder/card-export/persona-card-content";
import { type CardFontFiles, type CardFontSet, loadCardFonts } from "./card-fonts";
import { type FontRun, type FontSubset, reorderSaraAm, splitFontRuns } from "./split-font-runs";

export type RenderPersonaCardInput = {
  persona: Persona;
  locale: Locale;
  /** The bytes of an uploaded avatar (any format sharp reads), or null for an emoji/none. */
  loadAvatar(id: string): Promise<Uint8Array | null>;
};

type FontkitGlyph = { name?: string; path: { toSVG(): string } };
/**
 * pdfkit's embedded font, as far as this module reaches into it: `unicode` is the ToUnicode
 * map (subset glyph → code points) that makes the text extractable, `subset.glyphs` the
 * original glyph id of each subset glyph, `font` the fontkit font (shaping and outlines).
 * pdfkit fills `unicode` from fontkit's shaping, whose code points for glyphs a substitution
 * made can be wrong or empty (and a glyph's first use wins for the whole file), so it is
 * rewritten before the file is written.
 */
type EmbeddedFontInternals = {
  ascender: number;
  unicode: number[][];
  subset: { glyphs: number[] };
  font: {
    unitsPerEm: number;
    getGlyph(id: number): FontkitGlyph;
    layout(text: string): {
      glyphs: FontkitGlyph[];
      positions: { xAdvance: number; xOffset: number; yOffset: number }[];
    };
  };
};

const embeddedFont = (doc: PDFKit.PDFDocument) =>
  (doc as unknown as { _font: EmbeddedFontInternals })._font;

/**
 * Renders the persona card as a one-page PDF (the page is the card: 600 points wide, as tall
 * as its content) with IBM Plex Sans Thai embedded, so Thai shows with tone marks and vowels in
 * place (fontkit applies the font's GSUB/GPOS) and the text can be searched and copied.
 * An uploaded avatar is drawn as a round image; an emoji cannot be (no emoji font is embedded),
 * so the card shows the name's first letter in a circle instead.
 */
export async function renderPersonaCardPdf({
  persona,
  locale,
  loadAvatar,
}: RenderPersonaCardInput): Promise<Uint8Array> {
  const fonts = await loadCardFonts();
  const content = personaCardContent(persona, locale);
  const avatarId = avatarImageId(content.avatar);
  const avatarBytes = avatarId ? await loadAvatar(avatarId) : null;
  const avatarPng = avatarBytes ? await sharp(avatarBytes).png().toBuffer() : null;

  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: `${content.title}: ${content.name}`, Creator: content.footer },
    lang: locale === "th" ? "th-TH" : "en-US",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const embedded = registerFonts(doc, fonts);
  const measure = (text: string, font: CardFont) =>
    splitFontRuns(text).reduce((width, run) => width + runWidth(doc, run, font), 0);

  const layout = layoutPersonaCard(content, measure);
  doc.addPage({ size: [layout.width, layout.height], margin: 0 });
  doc.rect(0, 0, layout.width, layout.height).fill(cardColors.page);
  for (const op of layout.ops) drawOp(doc, op, avatarPng);
  for (const [name, subset] of embedded) fixToUnicode(doc, name, subset);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}

function drawOp(doc: PDFKit.PDFDocument, op: CardOp, avatarPng: Buffer | null): void {
  if (op.kind === "rect") {
    if (op.radius > 0) doc.roundedRect(op.x, op.y, op.width, op.height, op.radius);
    else doc.rect(op.x, op.y, op.width, op.height);
    doc.fill(op.color);
    return;
  }
  if (op.kind === "avatar") {
    const radius = op.size / 2;
    const cx = op.x + radius;
    const cy = op.y + radius;
    doc.circle(cx, cy, radius).fill(cardColors.onBand);
    if (avatarPng) {
      doc.save();
      doc.circle(cx, cy, radius).clip();
      doc.image(avatarPng, op.x, op.y, { width: op.size, height: op.size });
      doc.restore();
      return;
    }
    const font: CardFont = { size: op.size * 0.45, weight: "bold" };
    drawText(doc, op.initial, cx, cy - cardLineHeight(font) / 2, font, cardColors.band, "center");
    return;
  }
  drawText(doc, op.text, op.x, op.y, op.font, op.color, "left");
}

/** Draws one line, run by run; `y` is the top of the line box. */
function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  font: CardFont,
  color: string,
  align: "left" | "center",
): void {
  const runs = splitFontRuns(text).map((run) => ({ ...run, width: runWidth(doc, run, font) }));
  const total = runs.reduce((sum, run) => sum + run.width, 0);
  let left = align === "center" ? x - total / 2 : x;
  // pdfkit places text by the top of its ascender; centre the glyphs in the line box.
  const top = y + (cardLineHeight(font) - font.size * 1.3) / 2;
  doc.fillColor(color);
  for (const run of runs) {
    doc.font(fontName(run.subset, font)).fontSize(font.size);
    if (run.subset === "thaiSaraAm") drawSaraAmSyllable(doc, run.text, left, top, font, color);
    else doc.text(run.text, left, top, { lineBreak: false });
    left += run.width;
  }
}

function runWidth(doc: PDFKit.PDFDocument, run: FontRun, font: CardFont): number {
  doc.font(fontName(run.subset, font)).fontSize(font.size);
  return doc.widthOfString(run.subset === "thaiSaraAm" ? reorderSaraAm(run.text) : run.text);
}

/**
 * A syllable with SARA AM ("น้ำ"): fontkit does not reorder NIKHAHIT before the tone mark as
 * HarfBuzz does, so it would draw the two on top of each other. The syllable is shaped
 * reordered and its glyphs drawn as outlines at the shaped positions; the text as typed goes
 * on top, invisible, with the precomposed SARA AM glyph (no `ccmp` decomposition), so the
 * PDF's text reads "น้ำ" when searched or copied.
 */
function drawSaraAmSyllable(
  doc: PDFKit.PDFDocument,
  syllable: string,
  x: number,
  top: number,
  font: CardFont,
  color: string,
): void {
  const embedded = embeddedFont(doc);
  const scale = font.size / embedded.font.unitsPerEm;
  // pdfkit puts the baseline of text placed at `top` one ascender below it.
  const baseline = top + (embedded.ascender / 1000) * font.size;
  const { glyphs, positions } = embedded.font.layout(reorderSaraAm(syllable));
  let pen = x;
  glyphs.forEach((glyph, index) => {
    const position = positions[index]!;
    doc.save();
    doc.translate(pen + position.xOffset * scale, baseline - position.yOffset * scale);
    doc.scale(scale, -scale);
    doc.path(glyph.path.toSVG()).fill(color);
    doc.restore();
    pen += position.xAdvance * scale;
  });
  doc.save();
  doc.fillOpacity(0);
  // fontkit takes feature switches as an object; pdfkit's types only know the array form.
  const features = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];
  doc.text(syllable, x, top, { lineBreak: false, features });
  doc.restore();
}

const fontName = (subset: FontSubset, font: CardFont) =>
  `${subset === "thaiSaraAm" ? "thai" : subset}-${font.weight}`;

function registerFonts(
  doc: PDFKit.PDFDocument,
  fonts: CardFontSet,
): [name: string, subset: FontSubset][] {
  const names: [string, FontSubset][] = [];
  for (const weight of ["regular", "bold"] as const) {
    const files: CardFontFiles = fonts[weight];
    for (const subset of ["thai", "latin", "latinExt"] as const) {
      const name = fontName(subset, { size: 0, weight });
      doc.registerFont(name, files[subset]);
      names.push([name, subset]);
    }
  }
  return names;
}

/** Maps every Thai glyph to the character it draws, by its name ("uni0E48.small" → U+0E48). */
function fixToUnicode(doc: PDFKit.PDFDocument, name: string, subset: FontSubset): void {
  if (subset !== "thai") return;
  doc.font(name);
  const font = embeddedFont(doc);
  font.subset.glyphs.forEach((glyphId, index) => {
    if (index === 0) return;
    const glyphName = font.font.getGlyph(glyphId).name ?? "";
    const match = /^uni([0-9A-F]{4})(?:\.|$)/.exec(glyphName);
    if (!match?.[1]) return;
    font.unicode[index] = [Number.parseInt(match[1], 16)];
  });
}
