import { avatarImageId } from "@jai/contracts/avatar-limits";
import type { Locale } from "@jai/contracts/locale";
import type { Persona } from "@jai/contracts/persona";
import type {} from "pdfkit";
import sharp from "sharp";
import {
  type CardFont,
  type CardOp,
  cardColors,
  cardLineHeight,
  layoutPersonaCard,
} from "~/features/persona-builder/card-export/layout-persona-card";
import { personaCardContent } from "~/features/persona-builder/card-export/persona-card-content";
import { drawPdfText, fixPdfTextUnicode, measurePdfText, registerPdfFonts } from "../pdf/pdf-text";
import { loadCardFonts } from "./card-fonts";

export type RenderPersonaCardInput = {
  persona: Persona;
  locale: Locale;
  /** The bytes of an uploaded avatar (any format sharp reads), or null for an emoji/none. */
  loadAvatar(id: string): Promise<Uint8Array | null>;
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

  // Loaded with the first card, not with the server.
  const { default: PDFDocument } = await import("pdfkit");
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

  const registered = registerPdfFonts(doc, fonts);
  const measure = (text: string, font: CardFont) => measurePdfText(doc, text, font);

  const layout = layoutPersonaCard(content, measure);
  doc.addPage({ size: [layout.width, layout.height], margin: 0 });
  doc.rect(0, 0, layout.width, layout.height).fill(cardColors.page);
  for (const op of layout.ops) drawOp(doc, op, avatarPng);
  fixPdfTextUnicode(doc, registered);
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

/** Draws one line; `y` is the top of the line box. */
function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  font: CardFont,
  color: string,
  align: "left" | "center",
): void {
  // pdfkit places text by the top of its ascender; centre the glyphs in the line box.
  const top = y + (cardLineHeight(font) - font.size * 1.3) / 2;
  drawPdfText(doc, text, x, top, font, color, align);
}
