import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export type CardFontFiles = {
  /** Thai letters (the Thai subset of IBM Plex Sans Thai). */
  thai: Buffer;
  /** Latin letters, digits and punctuation. */
  latin: Buffer;
  /** Accented Latin letters. */
  latinExt: Buffer;
};

export type CardFontSet = { regular: CardFontFiles; bold: CardFontFiles };

// WOFF, not WOFF2: fontkit reads both, but the glyphs pdfkit embeds from a WOFF2 file come out
// malformed (WOFF2 stores outlines transformed), and PDF viewers reject the font.
const file = (subset: string, weight: number) =>
  require.resolve(
    `@fontsource/ibm-plex-sans-thai/files/ibm-plex-sans-thai-${subset}-${weight}-normal.woff`,
  );

async function loadWeight(weight: number): Promise<CardFontFiles> {
  const [thai, latin, latinExt] = await Promise.all([
    readFile(file("thai", weight)),
    readFile(file("latin", weight)),
    readFile(file("latin-ext", weight)),
  ]);
  return { thai, latin, latinExt };
}

let loading: Promise<CardFontSet> | undefined;

/** IBM Plex Sans Thai (regular 400, bold 700, the weights the pages load), read once and kept: a few hundred KB. */
export function loadCardFonts(): Promise<CardFontSet> {
  loading ??= Promise.all([loadWeight(400), loadWeight(700)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  return loading;
}
