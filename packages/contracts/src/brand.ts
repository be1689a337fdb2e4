/** The brand lives here and nowhere else: pages read it, never hard-code it. */
export const brand = {
  name: "Jai",
  thaiName: "ใจ",
  contactEmail: "hello@jai.chat",
  lineUrl: "https://line.me/R/ti/p/@jai.chat",
  lineId: "@jai.chat",
  facebookUrl: "https://www.facebook.com/jai.chat",
  copyrightYear: 2025,
} as const;
