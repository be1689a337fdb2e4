import type { Persona } from "@jai/contracts/persona";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { avatarImageId } from "~/features/persona-builder/avatar/avatar-limits";
import {
  type CardFont,
  type CardOp,
  cardColors,
  cardLineHeight,
  layoutPersonaCard,
} from "~/features/persona-builder/card-export/layout-persona-card";
import { personaCardContent } from "~/features/persona-builder/card-export/persona-card-content";
import type { Locale } from "~/i18n/locale";
import { type CardFontFiles, type CardFontSet, loadCardFonts } from "./card-fonts";
import { type FontSubset, splitFontRuns } from "./split-font-runs";

export type RenderPersonaCardInput = {
  persona: Persona;
  locale: Locale;
  /** The bytes of an uploaded avatar (any format sharp reads), or null for an emoji/none. */
  loadAvatar(id: string): Promise<Uint8Array | null>;
};

/**
 * pdfkit's embedded font, as far as this module reaches into it: `unicode` is the ToUnicode
 * map (subset glyph → code points) that makes the text extractable, `subset.glyphs` the
 * original glyph id of each subset glyph. pdfkit fills `unicode` from fontkit's shaping, which
 * for Thai leaves decomposed glyphs with wrong or empty code points (and the first use of a
 * glyph wins for the whole file), so it is rewritten before the file is written.
 */
type EmbeddedFontInternals = {
  unicode: number[][];
  subset: { glyphs: number[] };
  font: { getGlyph(id: number): { name?: string } };
};

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
    splitFontRuns(text).reduce((width, run) => {
      doc.font(fontName(run.subset, font)).fontSize(font.size);
      return width + doc.widthOfString(run.text);
    }, 0);

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
  const runs = splitFontRuns(text).map((run) => {
    doc.font(fontName(run.subset, font)).fontSize(font.size);
    return { ...run, width: doc.widthOfString(run.text) };
  });
  const total = runs.reduce((sum, run) => sum + run.width, 0);
  let left = align === "center" ? x - total / 2 : x;
  // pdfkit places text by the top of its ascender; centre the glyphs in the line box.
  const top = y + (cardLineHeight(font) - font.size * 1.3) / 2;
  doc.fillColor(color);
  for (const run of runs) {
    doc.font(fontName(run.subset, font)).fontSize(font.size);
    doc.text(run.text, left, top, { lineBreak: false });
    left += run.width;
  }
}

const fontName = (subset: FontSubset, font: CardFont) => `${subset}-${font.weight}`;

function registerFonts(
  doc: PDFKit.PDFDocument,
  fonts: CardFontSet,
): [name: string, subset: FontSubset][] {
  const names: [string, FontSubset][] = [];
  for (const weight of ["regular", "bold"] as const) {
    const files: CardFontFiles = fonts[weight];
    for (const subset of ["thai", "thaiSaraAm", "latin", "latinExt"] as const) {
      const name = fontName(subset, { size: 0, weight });
      doc.registerFont(name, files[subset]);
      names.push([name, subset]);
    }
  }
  return names;
}

/**
 * Maps every Thai glyph to the character it draws, by its name ("uni0E48.small" → U+0E48).
 * In the SARA AM font, SARA AA is the whole SARA AM and NIKHAHIT maps to nothing, so "น้ำ",
 * drawn as น + NIKHAHIT + ้ + SARA AA, is extracted as "น้ำ" again.
 */
function fixToUnicode(doc: PDFKit.PDFDocument, name: string, subset: FontSubset): void {
  if (subset !== "thai" && subset !== "thaiSaraAm") return;
  doc.font(name);
  const font = (doc as unknown as { _font: EmbeddedFontInternals })._font;
  font.subset.glyphs.forEach((glyphId, index) => {
    if (index === 0) return;
    const glyphName = font.font.getGlyph(glyphId).name ?? "";
    const match = /^uni([0-9A-F]{4})(?:\.|$)/.exec(glyphName);
    if (!match?.[1]) return;
    const codePoint = Number.parseInt(match[1], 16);
    if (subset === "thaiSaraAm" && codePoint === 0x0e4d) font.unicode[index] = [];
    else if (subset === "thaiSaraAm" && codePoint === 0x0e32) font.unicode[index] = [0x0e33];
    else font.unicode[index] = [codePoint];
  });
}
