import { wrapText } from "@jai/contracts/wrap-text";
import type { PersonaCardContent } from "./persona-card-content";

export type CardFont = { size: number; weight: "regular" | "bold" };
/** Width of `text` in `font`, in card units (CSS pixels for the PNG, points for the PDF). */
export type MeasureCardText = (text: string, font: CardFont) => number;

export type CardOp =
  | {
      kind: "rect";
      x: number;
      y: number;
      width: number;
      height: number;
      radius: number;
      color: string;
    }
  | { kind: "avatar"; x: number; y: number; size: number; avatar: string; initial: string }
  | {
      kind: "text";
      /** `y` is the top of the line box (`cardLineHeight(font)` tall). */
      x: number;
      y: number;
      text: string;
      font: CardFont;
      color: string;
    };

export type CardLayout = { width: number; height: number; ops: CardOp[] };

export const cardColors = {
  page: "#ffffff",
  band: "#4f46e5",
  onBand: "#ffffff",
  onBandMuted: "#e0e7ff",
  text: "#0f172a",
  muted: "#475569",
  panel: "#f1f5f9",
} as const;

const width = 600;
const padding = 32;
const textWidth = width - padding * 2;
const avatarSize = 96;
/** Thai stacks marks above and below: lines need more room than Latin alone. */
const lineHeight = (font: CardFont) => Math.round(font.size * 1.6);

const fonts = {
  title: { size: 13, weight: "regular" },
  name: { size: 28, weight: "bold" },
  factLabel: { size: 11, weight: "regular" },
  fact: { size: 14, weight: "bold" },
  heading: { size: 15, weight: "bold" },
  body: { size: 13, weight: "regular" },
  question: { size: 13, weight: "bold" },
  footer: { size: 11, weight: "regular" },
} satisfies Record<string, CardFont>;

/**
 * Places everything a persona card shows, as drawing operations both renderers run: the
 * browser's canvas (PNG) and pdfkit (PDF). Text is wrapped with `wrapText` (Thai at word
 * boundaries) using the renderer's own measure, and long fields are cut to a few lines, so a
 * card stays one page. Coordinates: origin top-left; a text op's `y` is the top of its line.
 */
export function layoutPersonaCard(
  content: PersonaCardContent,
  measure: MeasureCardText,
): CardLayout {
  const ops: CardOp[] = [];
  const lines = (text: string, font: CardFont, maxWidth: number, maxLines: number) =>
    wrapText(text, (piece) => measure(piece, font), { maxWidth, maxLines });
  const addLines = (
    text: string,
    font: CardFont,
    x: number,
    y: number,
    options: { maxWidth: number; maxLines: number; color: string },
  ) => {
    let top = y;
    for (const line of lines(text, font, options.maxWidth, options.maxLines)) {
      if (line) ops.push({ kind: "text", x, y: top, text: line, font, color: options.color });
      top += lineHeight(font);
    }
    return top;
  };

  // The band: avatar, card title, name.
  const bandTextX = padding + avatarSize + 24;
  const bandTextWidth = width - bandTextX - padding;
  const nameLines = lines(content.name, fonts.name, bandTextWidth, 2);
  const bandHeight = Math.max(
    padding * 2 + avatarSize,
    padding * 2 + lineHeight(fonts.title) + nameLines.length * lineHeight(fonts.name),
  );
  ops.push({
    kind: "rect",
    x: 0,
    y: 0,
    width,
    height: bandHeight,
    radius: 0,
    color: cardColors.band,
  });
  ops.push({
    kind: "avatar",
    x: padding,
    y: (bandHeight - avatarSize) / 2,
    size: avatarSize,
    avatar: content.avatar,
    initial: content.initial,
  });
  const bandTextHeight = lineHeight(fonts.title) + nameLines.length * lineHeight(fonts.name);
  let y = (bandHeight - bandTextHeight) / 2;
  y = addLines(content.title, fonts.title, bandTextX, y, {
    maxWidth: bandTextWidth,
    maxLines: 1,
    color: cardColors.onBandMuted,
  });
  addLines(content.name, fonts.name, bandTextX, y, {
    maxWidth: bandTextWidth,
    maxLines: 2,
    color: cardColors.onBand,
  });
  y = bandHeight + 24;

  // Role, tone and language side by side.
  if (content.facts.length > 0) {
    const gap = 12;
    const columnWidth = (textWidth - gap * (content.facts.length - 1)) / content.facts.length;
    const inner = columnWidth - 24;
    const factLines = content.facts.map((fact) => lines(fact.value, fonts.fact, inner, 3));
    const tallest = Math.max(...factLines.map((value) => value.length));
    const panelHeight = 12 + lineHeight(fonts.factLabel) + tallest * lineHeight(fonts.fact) + 12;
    content.facts.forEach((fact, index) => {
      const x = padding + index * (columnWidth + gap);
      ops.push({
        kind: "rect",
        x,
        y,
        width: columnWidth,
        height: panelHeight,
        radius: 10,
        color: cardColors.panel,
      });
      const top = addLines(fact.label, fonts.factLabel, x + 12, y + 12, {
        maxWidth: inner,
        maxLines: 1,
        color: cardColors.muted,
      });
      addLines(fact.value, fonts.fact, x + 12, top, {
        maxWidth: inner,
        maxLines: 3,
        color: cardColors.text,
      });
    });
    y += panelHeight + 24;
  }

  for (const section of content.sections) {
    y = addLines(section.heading, fonts.heading, padding, y, {
      maxWidth: textWidth,
      maxLines: 1,
      color: cardColors.text,
    });
    y = addLines(section.body, fonts.body, padding, y + 2, {
      maxWidth: textWidth,
      maxLines: 8,
      color: cardColors.muted,
    });
    y += 16;
  }

  if (content.faqs.length > 0) {
    y = addLines(content.faqHeading, fonts.heading, padding, y, {
      maxWidth: textWidth,
      maxLines: 1,
      color: cardColors.text,
    });
    for (const faq of content.faqs) {
      y = addLines(faq.question, fonts.question, padding, y + 4, {
        maxWidth: textWidth,
        maxLines: 2,
        color: cardColors.text,
      });
      y = addLines(faq.answer, fonts.body, padding, y, {
        maxWidth: textWidth,
        maxLines: 3,
        color: cardColors.muted,
      });
    }
    y += 16;
  }

  y = addLines(content.footer, fonts.footer, padding, y + 8, {
    maxWidth: textWidth,
    maxLines: 1,
    color: cardColors.muted,
  });
  return { width, height: Math.ceil(y + padding - 8), ops };
}

/** Line box height of a text op's font (renderers place the baseline inside it). */
export function cardLineHeight(font: CardFont): number {
  return lineHeight(font);
}
