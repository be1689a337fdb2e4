import { inflateSync } from "node:zlib";
import type { CardFontFiles, CardFontSet } from "../persona-card/card-fonts";
import {
  type FontRun,
  type FontSubset,
  reorderSaraAm,
  splitFontRuns,
} from "../persona-card/split-font-runs";

/**
 * Text in pdfkit with the embedded IBM Plex Sans Thai (persona cards, invoices): lines split
 * into runs per font file, SARA AM drawn right, and every Thai glyph mapped back to its
 * character so the PDF's text can be searched, copied and extracted exactly.
 */
export type PdfFont = { size: number; weight: "regular" | "bold" };

type FontkitGlyph = { name?: string; path: { toSVG(): string } };
/**
 * pdfkit's embedded font, as far as this module reaches into it: `unicode` is the ToUnicode
 * map (subset glyph → code points) that makes the text extractable, `subset.glyphs` the
 * original glyph id of each subset glyph, `font` the fontkit font (shaping and outlines).
 * pdfkit fills `unicode` from fontkit's shaping, whose code points for glyphs a substitution
 * made can be wrong or empty (and a glyph's first use wins for the whole file), so it is
 * rewritten before the file is written (`fixPdfTextUnicode`).
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

/** The fonts registered on one document, for `fixPdfTextUnicode`. */
export type RegisteredPdfFonts = [name: string, subset: FontSubset][];

const fontName = (subset: FontSubset, font: PdfFont) =>
  `${subset === "thaiSaraAm" ? "thai" : subset}-${font.weight}`;

/**
 * A WOFF (1.0) file as the plain TrueType / OpenType file it wraps: its tables inflated once.
 * fontkit reads a WOFF's tables by inflating them, in pure JavaScript, each time a document
 * opens the font (every glyph outline read inflates `glyf` again): 600 ms of a 650 ms invoice.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // not "wOFF": already a plain font
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const headerLength = 12 + numTables * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

const sfntOf = new WeakMap<Buffer, Buffer>();
const plainFont = (file: Buffer) => {
  let sfnt = sfntOf.get(file);
  if (!sfnt) {
    sfnt = woffToSfnt(file);
    sfntOf.set(file, sfnt);
  }
  return sfnt;
};

/** Registers the font files (regular and bold, per script) on a document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument, fonts: CardFontSet): RegisteredPdfFonts {
  const names: RegisteredPdfFonts = [];
  for (const weight of ["regular", "bold"] as const) {
    const files: CardFontFiles = fonts[weight];
    for (const subset of ["thai", "latin", "latinExt"] as const) {
      const name = fontName(subset, { size: 0, weight });
      doc.registerFont(name, plainFont(files[subset]));
      names.push([name, subset]);
    }
  }
  return names;
}

function runWidth(doc: PDFKit.PDFDocument, run: FontRun, font: PdfFont): number {
  doc.font(fontName(run.subset, font)).fontSize(font.size);
  return doc.widthOfString(run.subset === "thaiSaraAm" ? reorderSaraAm(run.text) : run.text);
}

/** The width of one line of text, in points. */
export function measurePdfText(doc: PDFKit.PDFDocument, text: string, font: PdfFont): number {
  return splitFontRuns(text).reduce((width, run) => width + runWidth(doc, run, font), 0);
}

/**
 * Draws one line, run by run, without wrapping. `top` is where pdfkit places text (the top of
 * the font's ascender); `x` is the left edge, the centre or the right edge by `align`.
 */
export function drawPdfText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  top: number,
  font: PdfFont,
  color: string,
  align: "left" | "center" | "right" = "left",
): void {
  const runs = splitFontRuns(text).map((run) => ({ ...run, width: runWidth(doc, run, font) }));
  const total = runs.reduce((sum, run) => sum + run.width, 0);
  let left = align === "center" ? x - total / 2 : align === "right" ? x - total : x;
  doc.fillColor(color);
  for (const run of runs) {
    doc.font(fontName(run.subset, font)).fontSize(font.size);
    if (run.subset === "thaiSaraAm") drawSaraAmSyllable(doc, run.text, left, top, font, color);
    else doc.text(run.text, left, top, { lineBreak: false });
    left += run.width;
  }
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
  font: PdfFont,
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

/**
 * Maps every Thai glyph to the character it draws, by its name ("uni0E48.small" → U+0E48).
 * Call once all text is drawn, just before `doc.end()`.
 */
export function fixPdfTextUnicode(doc: PDFKit.PDFDocument, registered: RegisteredPdfFonts): void {
  for (const [name, subset] of registered) {
    if (subset !== "thai") continue;
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
}
