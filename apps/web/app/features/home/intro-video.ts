// The landing page's intro video is configured here, and only here. The id below is YouTube's
// public API demo video, standing in until the product video is published: replace `youtubeId`.
// The privacy-enhanced host keeps YouTube from setting cookies before the visitor presses play;
// the CSP allows frames from it (server/http/security-headers.ts).
const youtubeId = "M7lc1UVf-VE";

export const introVideo = {
  youtubeId,
  embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`,
} as const;
