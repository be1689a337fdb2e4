import { avatarImageId } from "@jai/contracts/avatar-limits";
import type { Persona } from "@jai/contracts/persona";
import type { Locale } from "~/i18n/locale";
import {
  type CardFont,
  type CardOp,
  cardColors,
  cardLineHeight,
  layoutPersonaCard,
} from "./layout-persona-card";
import { personaCardContent } from "./persona-card-content";

/** Pixels per card unit: a crisp image on high-density screens and in print. */
export const cardPixelRatio = 2;

const family = '"IBM Plex Sans Thai", ui-sans-serif, system-ui, sans-serif';
const emojiFamily = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';
const cssFont = (font: CardFont) =>
  `${font.weight === "bold" ? 700 : 400} ${font.size}px ${family}`;

/**
 * Draws the persona card on a canvas at twice its size and encodes it as PNG. The browser
 * shapes the text (HarfBuzz places Thai tone marks and vowels), once the page's Thai font is
 * loaded; lines are wrapped by `layoutPersonaCard` (Thai at word boundaries). An uploaded
 * avatar (same origin, so the canvas stays exportable) is drawn round; an emoji as text.
 */
export async function renderCardPng(persona: Persona, locale: Locale): Promise<Blob> {
  const content = personaCardContent(persona, locale);
  const sample = `${content.name} ${content.title} Aa`;
  await Promise.all([
    document.fonts.load(cssFont({ size: 16, weight: "regular" }), sample),
    document.fonts.load(cssFont({ size: 16, weight: "bold" }), sample),
  ]);
  const avatarImage = avatarImageId(content.avatar) ? await loadImage(content.avatar) : null;

  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas context");
  const measure = (text: string, font: CardFont) => {
    context.font = cssFont(font);
    return context.measureText(text).width;
  };
  const layout = layoutPersonaCard(content, measure);
  canvas.width = Math.ceil(layout.width * cardPixelRatio);
  canvas.height = Math.ceil(layout.height * cardPixelRatio);
  context.scale(cardPixelRatio, cardPixelRatio);
  context.fillStyle = cardColors.page;
  context.fillRect(0, 0, layout.width, layout.height);
  for (const op of layout.ops) drawOp(context, op, avatarImage);

  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("canvas.toBlob gave nothing"))),
      "image/png",
    );
  });
}

function drawOp(
  context: CanvasRenderingContext2D,
  op: CardOp,
  avatarImage: HTMLImageElement | null,
): void {
  if (op.kind === "rect") {
    context.fillStyle = op.color;
    context.beginPath();
    context.roundRect(op.x, op.y, op.width, op.height, op.radius);
    context.fill();
    return;
  }
  if (op.kind === "avatar") {
    const radius = op.size / 2;
    context.save();
    context.beginPath();
    context.arc(op.x + radius, op.y + radius, radius, 0, Math.PI * 2);
    context.fillStyle = cardColors.onBand;
    context.fill();
    context.clip();
    context.textAlign = "center";
    context.textBaseline = "middle";
    if (avatarImage) {
      context.drawImage(avatarImage, op.x, op.y, op.size, op.size);
    } else if (op.avatar && !op.avatar.startsWith("/")) {
      // Colour emoji ignore it; a system with only monochrome emoji draws them in it.
      context.fillStyle = cardColors.text;
      context.font = `${Math.round(op.size * 0.55)}px ${emojiFamily}`;
      context.fillText(op.avatar, op.x + radius, op.y + radius * 1.08);
    } else {
      context.fillStyle = cardColors.band;
      context.font = cssFont({ size: Math.round(op.size * 0.45), weight: "bold" });
      context.fillText(op.initial, op.x + radius, op.y + radius);
    }
    context.restore();
    return;
  }
  context.font = cssFont(op.font);
  context.fillStyle = op.color;
  context.textAlign = "left";
  context.textBaseline = "middle";
  context.fillText(op.text, op.x, op.y + cardLineHeight(op.font) / 2);
}

function loadImage(source: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.decoding = "async";
    image.onload = () => resolve(image);
    // A missing image: the card shows the initial instead.
    image.onerror = () => resolve(null);
    image.src = source;
  });
}
