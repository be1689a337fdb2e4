import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type CardFontFiles = {
  /** Thai letters (the Thai subset of IBM Plex Sans Thai). */
  thai: Buffer;
  /**
   * The same Thai face from its other file (WOFF instead of WOFF2), used only for syllables with
   * SARA AM: pdfkit would merge two identical fonts, and this one needs its own text mapping
   * (see render-persona-card-pdf.ts).
   */
  thaiSaraAm: Buffer;
  /** Latin letters, digits and punctuation. */
  latin: Buffer;
  /** Accented Latin letters. */
  latinExt: Buffer;
};

export type CardFontSet = { regular: CardFontFiles; bold: CardFontFiles };

const file = (subset: string, weight: number, format: "woff" | "woff2") =>
  require.resolve(
    `@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-${subset}-${weight}-normal.${format}`,
  );

async function loadWeight(weight: number): Promise<CardFontFiles> {
  const [thai, thaiSaraAm, latin, latinExt] = await Promise.all([
    readFile(file("thai", weight, "woff2")),
    readFile(file("thai", weight, "woff")),
    readFile(file("latin", weight, "woff2")),
    readFile(file("latin-ext", weight, "woff2")),
  ]);
  return { thai, thaiSaraAm, latin, latinExt };
}

let loading: Promise<CardFontSet> | undefined;

/** IBM Plex Sans Thai (regular 400, bold 600), read once and kept: a few hundred KB. */
export function loadCardFonts(): Promise<CardFontSet> {
  loading ??= Promise.all([loadWeight(400), loadWeight(600)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  return loading;
}
